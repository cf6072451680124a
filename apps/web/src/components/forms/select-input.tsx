import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from './field-types.ts';
import { filterOptions } from './select-filter.ts';

type Value = SelectOption['value'];

interface Common {
  label: string;
  options: readonly SelectOption[];
  /** Offer the "Exact word match" switch for the search. */
  exactMatch?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  id?: string;
  onBlur?: () => void;
}

export type SelectInputProps = Common &
  ({ multiple?: false; value: Value | null | undefined; onChange: (v: Value | null) => void } | { multiple: true; value: readonly Value[] | null | undefined; onChange: (v: Value[]) => void });

/** Select with case-insensitive search and an optional Exact word match (SPEC.md section 2). */
export function SelectInput(props: SelectInputProps) {
  const { label, options, exactMatch = false, clearable = true, disabled, required, error, helperText, id, onBlur } = props;
  const { t } = useTranslation();
  const [exact, setExact] = useState(false);
  const find = (v: Value) => options.find((o) => o.value === v || String(o.value) === String(v));
  const common = {
    id,
    options: options as SelectOption[],
    disabled,
    onBlur,
    disableClearable: !clearable as false,
    noOptionsText: t('forms.select.noOptions'),
    getOptionLabel: (o: SelectOption) => o.label,
    isOptionEqualToValue: (o: SelectOption, v: SelectOption) => String(o.value) === String(v.value),
    filterOptions: (opts: SelectOption[], state: { inputValue: string }) => filterOptions(opts, state.inputValue, exact),
    renderInput: (params: object) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error ?? helperText} />,
  };
  return (
    <Stack sx={{ minWidth: 0 }}>
      {props.multiple ? (
        <Autocomplete
          {...common}
          multiple
          value={(props.value ?? []).map(find).filter((o): o is SelectOption => Boolean(o))}
          onChange={(_, v) => props.onChange(v.map((o) => o.value))}
        />
      ) : (
        <Autocomplete {...common} value={props.value === null || props.value === undefined ? null : (find(props.value) ?? null)} onChange={(_, v) => props.onChange(v ? v.value : null)} />
      )}
      {exactMatch ? (
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={<Checkbox size="small" checked={exact} onChange={(e) => setExact(e.target.checked)} />}
          label={t('forms.select.exactMatch')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
      ) : undefined}
    </Stack>
  );
}
