import Close from '@mui/icons-material/Close';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { type Control, type FieldValues, useController } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { FieldDef } from './field-types.ts';
import { FileUpload } from './file-upload.tsx';
import { MultiFileUpload } from './multi-file-upload.tsx';
import { PasswordInput } from './password-input.tsx';
import { SelectInput } from './select-input.tsx';
import type { UploadValue } from './upload-item.tsx';

interface Props {
  def: FieldDef<FieldValues>;
  /** Full path in the form values (`ranges.0.from` inside a block). */
  name: string;
  control: Control<FieldValues>;
}

// The editor (Tiptap) and the date picker (MUI X) are most of a form's weight: they load with the
// first form that has such a field, so a sign-in form does not carry them.
const RichTextEditor = lazy(async () => ({ default: (await import('./rich-text-editor.tsx')).RichTextEditor }));
const DatePickerInput = lazy(async () => ({ default: (await import('./date-picker-input.tsx')).DatePickerInput }));
const loading = (height: number) => <Skeleton variant="rounded" height={height} aria-busy="true" />;

/** The id of a field's input (its label points at it). */
export const fieldId = (def: FieldDef<FieldValues>, name: string) => def.otherId ?? `field-${name.replaceAll('.', '-')}`;

const inputTypes: Partial<Record<FieldDef<FieldValues>['type'], string>> = { email: 'email', url: 'url' };

/** One field of a dynamic form, drawn by its type. */
export function FormField({ def, name, control }: Props) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  const label = t(def.label);
  const id = fieldId(def, name);
  const hint = def.hint ? t(def.hint) : undefined;
  const common = { label, id, required: def.required, disabled: def.disabled, error, onBlur: field.onBlur };
  const value: unknown = field.value;

  switch (def.type) {
    case 'select':
      return <SelectInput {...common} helperText={hint} options={def.options ?? []} exactMatch={def.exactMatch} clearable={def.clearable} value={value as string | number | null} onChange={field.onChange} />;
    case 'multiselect':
      return (
        <SelectInput {...common} multiple helperText={hint} options={def.options ?? []} exactMatch={def.exactMatch} clearable={def.clearable} value={value as (string | number)[]} onChange={field.onChange} />
      );
    case 'date':
      return (
        <Suspense fallback={loading(56)}>
          <DatePickerInput {...common} helperText={hint} clearable={def.clearable} value={value as string | null} onChange={field.onChange} />
        </Suspense>
      );
    case 'editor':
      return (
        <Suspense fallback={loading(200)}>
          <RichTextEditor {...common} helperText={hint} formats={def.formats} value={value as string} onChange={field.onChange} />
        </Suspense>
      );
    case 'file':
      return <FileUpload {...common} rule={def.accept} requirementPopup={def.requirementPopup} value={value as UploadValue | null} onChange={field.onChange} />;
    case 'files':
      return <MultiFileUpload {...common} rule={def.accept} requirementPopup={def.requirementPopup} max={def.max} value={value as UploadValue[]} onChange={field.onChange} />;
    case 'checkbox':
      return (
        <FormControl error={Boolean(error)} disabled={def.disabled}>
          <FormControlLabel
            control={<Checkbox id={id} checked={Boolean(value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
            label={def.labelLinks ? <LinkedLabel text={def.label} links={def.labelLinks} /> : label}
            required={def.required}
          />
          {error || hint ? <FormHelperText>{error ?? hint}</FormHelperText> : undefined}
        </FormControl>
      );
    default:
      return <TextInput def={def} field={field} common={common} hint={hint} />;
  }
}

/** A label with links (the Terms of Service at sign-up): following one opens it beside the form and leaves the box as it was. */
function LinkedLabel({ text, links }: { text: string; links: Record<string, string> }) {
  const components = Object.fromEntries(
    Object.entries(links).map(([tag, href]) => [tag, <Link key={tag} href={href} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} />]),
  );
  return <Trans i18nKey={text} components={components} />;
}

type Controller = ReturnType<typeof useController<FieldValues>>['field'];

/** Text-like inputs: trimmed when the person leaves them (SPEC.md section 5). */
function TextInput({ def, field, common, hint }: { def: FieldDef<FieldValues>; field: Controller; common: { label: string; id: string; required?: boolean | undefined; disabled?: boolean | undefined; error?: string | undefined }; hint?: string | undefined }) {
  const { t } = useTranslation();
  const { name, value, onChange, onBlur: blurred, ref } = field;
  const text = value === null || value === undefined ? '' : String(value as string | number);
  const onBlur = () => {
    if (typeof value === 'string' && value !== value.trim()) onChange(value.trim());
    blurred();
  };
  const clear =
    def.clearable && text !== '' && !def.disabled ? (
      <IconButton size="small" aria-label={t('forms.clear')} onClick={() => onChange('')} edge="end">
        <Close fontSize="small" />
      </IconButton>
    ) : undefined;
  const end = def.suffix || clear ? <InputAdornment position="end">{def.suffix}{clear}</InputAdornment> : undefined;
  const start = def.prefix ? <InputAdornment position="start">{def.prefix}</InputAdornment> : undefined;
  const htmlInput = {
    ...(def.inputMode ? { inputMode: def.inputMode } : def.type === 'number' ? { inputMode: 'decimal' as const } : {}),
    ...(def.type !== 'number' && def.max !== undefined ? { maxLength: def.max } : {}),
    ...(def.autocomplete ? { autoComplete: def.autocomplete } : {}),
  };
  const helperText = common.error ?? hint;

  if (def.type === 'password') {
    return <PasswordInput {...common} fullWidth name={name} value={text} onChange={onChange} onBlur={blurred} ref={ref} error={Boolean(common.error)} helperText={helperText} autoComplete={def.autocomplete ?? 'new-password'} autoFocus={def.autoFocus} />;
  }
  return (
    <TextField
      {...common}
      fullWidth
      name={name}
      type={inputTypes[def.type] ?? 'text'}
      multiline={def.type === 'textarea'}
      minRows={def.type === 'textarea' ? 3 : undefined}
      value={text}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={ref}
      autoFocus={def.autoFocus}
      error={Boolean(common.error)}
      helperText={helperText}
      slotProps={{ htmlInput, input: { startAdornment: start, endAdornment: end } }}
    />
  );
}
