import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { type Control, type DefaultValues, type FieldValues, get, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '../../lib/notifications.tsx';
import { DELETED_SUFFIX, deletedUploads } from './deleted-uploads.ts';
import { type BlockDef, type FieldDef, type FormItem, isBlock } from './field-types.ts';
import { FormAlert } from './form-alert.tsx';
import { fieldId } from './form-field.tsx';
import { formResolver } from './form-resolver.ts';
import { FormRows } from './form-rows.tsx';
import { InnerBlocks } from './inner-blocks.tsx';
import { isShown } from './relations.ts';
import { fieldErrors, serverMessage, sortServerError } from './server-errors.ts';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** What a save receives: the schema's output plus `<name>_deleted` uuid lists for upload fields. */
export type SavedValues<S extends FormSchema> = z.output<S> & { [key: `${string}${typeof DELETED_SUFFIX}`]: string[] };

export interface DynamicFormProps<S extends FormSchema> {
  /** The contracts schema the API validates the same payload with. */
  schema: S;
  fields: readonly FormItem<z.input<S>>[];
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * 'create' says "Created successfully", 'update' "Updated successfully", and a failure is the
   * server's message or "Save failure!", in a notification. 'inline' (sign-in and the like): success
   * is the caller's to show (the screen moves on), and what of a failure no drawn field shows stands
   * in an alert above the fields (nothing for code 1).
   */
  mode: 'create' | 'update' | 'inline';
  /** Sends the values; a rejection with `errors: {field: [message]}` puts the messages on the fields. */
  onSubmit: (values: SavedValues<S>) => Promise<unknown>;
  submitLabel?: string;
  /** A large full-width submit button that keeps its label and spins while `onSubmit` runs. */
  wideSubmit?: boolean;
  id?: string;
  /** Drawn after the fields, before the submit button (a link, a bot check). */
  children?: ReactNode;
  /** Drawn under the submit button with the form's current values (Sign Up's social buttons wait for its terms box). */
  renderFooter?: (values: z.input<S>) => ReactNode;
  /**
   * What the person typed before this form was drawn (the first paint of Log In), taken over once
   * as it appears: the values, and the field that had the focus.
   */
  takeOver?: () => TakeOver | undefined;
}

export interface TakeOver {
  values: Record<string, string | undefined>;
  focus?: string | undefined;
}

type Chunk = { kind: 'fields'; defs: FieldDef<FieldValues>[] } | { kind: 'block'; def: BlockDef<FieldValues> };

/** Consecutive fields share one rows layout; each inner-block list stands on its own. */
function chunks(items: readonly FormItem<FieldValues>[]): Chunk[] {
  const out: Chunk[] = [];
  for (const item of items) {
    if (isBlock(item)) out.push({ kind: 'block', def: item as BlockDef<FieldValues> });
    else {
      const last = out.at(-1);
      if (last?.kind === 'fields') last.defs.push(item);
      else out.push({ kind: 'fields', defs: [item] });
    }
  }
  return out;
}

/**
 * A form described by field definitions (SPEC.md section 3) over a contracts schema: it cannot
 * save until it validates, reports removed uploads as `<name>_deleted`, and says how the save went.
 */
export function DynamicForm<S extends FormSchema>({ schema, fields, defaultValues, mode, onSubmit, submitLabel, wideSubmit, id, children, renderFooter, takeOver }: DynamicFormProps<S>) {
  const { t } = useTranslation();
  const [resolver] = useState(() => formResolver(schema, fields));
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues, mode: 'onTouched' });
  const control = form.control as unknown as Control<FieldValues>;
  const values = useWatch({ control }) as FieldValues;
  const items = fields as readonly FormItem<FieldValues>[];
  const [message, setMessage] = useState<string>();

  /** Whether a server error named `name` can be shown on a field: one that is drawn, or inside an inner block. */
  const drawn = (name: string) =>
    items.some((item) => (isBlock(item) ? name.startsWith(`${item.name}.`) : item.name === name && !item.hidden) && isShown(item, form.getValues(), items as never));
  const showOnFields = (onFields: Record<string, string>) =>
    Object.entries(onFields).forEach(([name, text], index) => form.setError(name as Path<z.input<S>>, { type: 'server', message: text }, { shouldFocus: index === 0 }));

  const submit = form.handleSubmit(async (output) => {
    const payload: FieldValues = { ...output };
    for (const item of items) {
      if (!isBlock(item) && (item.type === 'file' || item.type === 'files') && item.save !== false) {
        payload[`${item.name}${DELETED_SUFFIX}`] = deletedUploads(get(defaultValues, item.name), get(form.getValues(), item.name));
      }
    }
    setMessage(undefined);
    try {
      await onSubmit(payload as SavedValues<S>);
      if (mode !== 'inline') notify.success(t(mode === 'create' ? 'forms.created' : 'forms.updated'));
    } catch (error) {
      if (mode === 'inline') {
        const sorted = sortServerError(error, drawn);
        showOnFields(sorted.fields);
        setMessage(sorted.message);
        return;
      }
      showOnFields(fieldErrors(error));
      notify.error(serverMessage(error) ?? t('forms.saveFailure'));
    }
  });

  // Before the browser shows this form: the values and focus of what it replaces.
  const takeOverOnce = useRef(takeOver);
  useLayoutEffect(() => {
    const taken = takeOverOnce.current?.();
    takeOverOnce.current = undefined;
    if (!taken) return;
    for (const [name, value] of Object.entries(taken.values)) {
      if (value !== undefined) form.setValue(name as Path<z.input<S>>, value as never, { shouldDirty: true });
    }
    // At once, not a task later as setFocus would: a key pressed meanwhile would be lost.
    const focused = items.find((item) => !isBlock(item) && item.name === taken.focus);
    if (focused && !isBlock(focused)) document.getElementById(fieldId(focused, focused.name))?.focus();
  }, [form, items]);

  return (
    <Box component="form" id={id} noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <FormAlert message={message} />
      {chunks(items).map((chunk, index) =>
        chunk.kind === 'fields' ? (
          <FormRows key={chunk.defs[0]?.name ?? index} control={control} defs={chunk.defs} prefix="" values={values} />
        ) : isShown(chunk.def, values, items as never) ? (
          <InnerBlocks
            key={chunk.def.name}
            control={control}
            name={chunk.def.name}
            label={chunk.def.label}
            fields={chunk.def.fields as readonly FieldDef<FieldValues>[]}
            min={chunk.def.min ?? 0}
            maxCount={chunk.def.maxCount}
            newItem={chunk.def.newItem as FieldValues}
            itemLabel={chunk.def.itemLabel}
            titleField={chunk.def.titleField as string | undefined}
          />
        ) : undefined,
      )}
      {children}
      {wideSubmit ? (
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          {submitLabel ?? t('forms.save')}
        </Button>
      ) : (
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('forms.saving') : (submitLabel ?? t('forms.save'))}
          </Button>
        </Box>
      )}
      {renderFooter?.(values as z.input<S>)}
    </Box>
  );
}
