import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type TaxFormType, w8beneInputSchema, w8benInputSchema, w9InputSchema } from '@portal/contracts';
import { Controller, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError, fieldErrors } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useCountries } from '../../../lib/queries/get-countries.ts';
import { useSubmitTaxForm } from '../api/submit-tax-form.ts';
import { blankForm, type FieldDef, formFields } from './form-fields.ts';

const schemas = { w9: w9InputSchema, w8ben: w8benInputSchema, w8bene: w8beneInputSchema } as const;

/** A W-9, W-8BEN or W-8BEN-E filled in the app: checked by the contract's schema in the browser and on the server. */
export function FillForm({ type, onDone, onCancel }: { type: TaxFormType; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitTaxForm();
  const countries = useCountries().data;
  const countryOptions = useMemo(() => (countries ?? []).filter((c) => c.code !== 'US').map((c) => ({ value: c.code, label: c.name })), [countries]);
  const today = dayjs().format('YYYY-MM-DD');
  const { control, handleSubmit, setError } = useForm<FieldValues>({ resolver: zodResolver(schemas[type] as never) as unknown as Resolver<FieldValues>, defaultValues: blankForm(type) });
  const names = [...formFields[type].map((f) => f.name), 'certify', 'signature'] as Path<FieldValues>[];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await submit.mutateAsync({ ...values, form_type: type } as never);
      notify.success(res.message);
      onDone();
    } catch (error) {
      applyServerError(error, setError, names);
      if (!Object.keys(fieldErrors(error)).length) alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  const field = (def: FieldDef) => (
    <Controller
      key={def.name}
      name={def.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const label = t(`taxForms.fields.${def.name}`);
        if (def.kind === 'checkbox') return <FormControlLabel control={<Checkbox checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} slotProps={{ input: { ref: f.ref } }} />} label={label} />;
        const common = { ...f, value: (f.value as string) ?? '', label, fullWidth: true, size: 'small' as const, error: Boolean(fieldState.error), helperText: fieldState.error?.message ?? ' ', id: `tax-form-${def.name}` };
        if (def.kind === 'select')
          return (
            <TextField {...common} select>
              {def.options.map((o) => (
                <MenuItem key={o} value={o}>
                  {t(`taxForms.options.${o}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        // 249 countries: the select with search (SPEC.md section 2), not a plain list to scroll.
        if (def.kind === 'country')
          return (
            <SelectInput
              id={common.id}
              label={label}
              options={countryOptions}
              value={(f.value as string) || null}
              onChange={(v) => f.onChange(v ?? '')}
              onBlur={f.onBlur}
              clearable={def.optional ?? false}
              error={fieldState.error?.message}
              helperText={def.optional ? t('taxForms.optional') : ' '}
            />
          );
        if (def.kind === 'date')
          return (
            <DatePickerInput
              id={common.id}
              label={label}
              value={(f.value as string) || null}
              onChange={(v) => f.onChange(v ?? '')}
              onBlur={f.onBlur}
              minDate="1900-01-01"
              maxDate={today}
              error={fieldState.error?.message}
              helperText=" "
            />
          );
        return <TextField {...common} autoComplete={def.autoComplete} />;
      }}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={t(`taxForms.formNames.${type}`)}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`taxForms.formNames.${type}`)}
      </Typography>
      <Grid container columnSpacing={2}>
        {formFields[type].map((def) => (
          <Grid key={def.name} size={{ xs: 12, sm: 'width' in def && def.width === 'half' ? 6 : 12 }}>
            {field(def)}
          </Grid>
        ))}
      </Grid>
      <Controller
        name="certify"
        control={control}
        render={({ field: f, fieldState }) => (
          <div>
            <FormControlLabel
              control={<Checkbox checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} slotProps={{ input: { ref: f.ref } }} />}
              label={<Typography variant="body2">{t(type === 'w9' ? 'taxForms.certifyW9' : 'taxForms.certifyW8')}</Typography>}
            />
            {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
          </div>
        )}
      />
      <Controller
        name="signature"
        control={control}
        render={({ field: f, fieldState }) => (
          <TextField {...f} value={(f.value as string) ?? ''} id="tax-form-signature" label={t('taxForms.fields.signature')} size="small" error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? t('taxForms.signatureHint')} />
        )}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={submit.isPending}>
          {t('taxForms.submit')}
        </Button>
        <Button onClick={onCancel}>{t('taxForms.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
