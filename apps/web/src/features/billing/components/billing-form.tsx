import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type BillingAccount, billingDetailsSchema, type PaymentMethodType, paymentMethodTypes, recipientTypes } from '@portal/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { type ActivePaymentMethod, usePaymentMethods } from '../../../lib/money-queries.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useBilling } from '../api/get-billing.ts';
import { useSaveBilling } from '../api/save-billing.ts';
import { detailFields, detailsFor } from './billing-fields.ts';

interface FormValues {
  recipient_type: string;
  method: string;
  details: Record<string, string>;
}

const isMethod = (v: string): v is PaymentMethodType => (paymentMethodTypes as readonly string[]).includes(v);

function initial(account: BillingAccount): FormValues {
  const method = account.method?.type ?? '';
  return { recipient_type: account.recipient_type ?? '', method, details: isMethod(method) ? detailsFor(method, account.details) : {} };
}

/**
 * Whether payouts can be sent, from the API's `payout_issues` (the one eligibility rule the top
 * bar's "Not eligible for payouts" reads too): complete billing details alone are not enough.
 */
/** Whether payouts can be sent, from the one eligibility rule; staff read it about the affiliate. */
export function BillingStatus({ account, staff = false }: { account: BillingAccount; staff?: boolean }) {
  const { t } = useTranslation();
  if (!account.is_complete) {
    return (
      <Alert severity="warning" variant="outlined" sx={{ overflowWrap: 'anywhere' }}>
        {account.confirm_reason ? `${account.confirm_reason} ` : ''}
        {staff ? t('billing.staffIncomplete') : t('billing.incomplete')}
      </Alert>
    );
  }
  if (!account.payout_issues.length) {
    return (
      <Alert severity="success" variant="outlined">
        {staff ? t('billing.staffComplete') : t('billing.complete')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      {t('billing.completeButHeld')}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {account.payout_issues.map((code) => (
          <li key={code}>{t(`shell.issues.${code}`)}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** Profile billing tab: who is paid, how, and the details that method needs, checked as the server checks them. */
export function BillingForm({ userId }: { userId?: number } = {}) {
  const billing = useBilling(userId);
  const methods = usePaymentMethods();
  if (billing.isError) return <Alert severity="error">{billing.error.message}</Alert>;
  if (!billing.data || !methods.data) return <Skeleton variant="rounded" height={320} />;
  return <BillingFormFields account={billing.data} methods={methods.data} userId={userId} key={billing.dataUpdatedAt} />;
}

function BillingFormFields({ account, methods, userId }: { account: BillingAccount; methods: ActivePaymentMethod[]; userId: number | undefined }) {
  const { t } = useTranslation();
  const save = useSaveBilling(userId);
  const [formError, setFormError] = useState<string>();
  // The union schema checks the details of the method chosen, with the contracts' own messages.
  const form = useForm<FormValues>({ resolver: zodResolver(billingDetailsSchema) as unknown as Resolver<FormValues>, defaultValues: initial(account) });
  const { errors, isSubmitting } = form.formState;
  const method = useWatch({ control: form.control, name: 'method' });
  const chosen = methods.find((m) => m.type === method);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values as never);
      notify.success(t('billing.saved'));
    } catch (error) {
      const names = ['recipient_type', 'method', ...(isMethod(values.method) ? detailFields[values.method].map((f) => `details.${f.name}`) : [])];
      setFormError(applyServerError(error, form.setError, names as never));
    }
  });

  const detailError = (name: string) => (errors.details as Record<string, { message?: string } | undefined> | undefined)?.[name]?.message;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="billing-heading">
      <Typography id="billing-heading" variant="h5" component="h2">
        {t('billing.title')}
      </Typography>
      <BillingStatus account={account} staff={userId !== undefined} />
      <FormAlert message={formError} />
      <Controller
        control={form.control}
        name="recipient_type"
        render={({ field }) => (
          <FormControl error={Boolean(errors.recipient_type)}>
            <FormLabel id="recipient-type-label">{t('billing.recipientType')}</FormLabel>
            <RadioGroup row aria-labelledby="recipient-type-label" {...field}>
              {recipientTypes.map((r) => (
                <FormControlLabel key={r} value={r} control={<Radio />} label={t(`billing.recipientTypes.${r}`)} />
              ))}
            </RadioGroup>
            {errors.recipient_type ? <FormHelperText>{errors.recipient_type.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <TextField
            select
            label={t('billing.method')}
            {...field}
            onChange={(e) => {
              const next = e.target.value;
              field.onChange(next);
              if (isMethod(next)) form.setValue('details', detailsFor(next, form.getValues('details')));
            }}
            error={Boolean(errors.method)}
            helperText={errors.method?.message ?? (chosen ? t('billing.methodHint', { minimum: formatMoney(chosen.min_payout), fee: formatMoney(chosen.fee) }) : undefined)}
            required
          >
            {methods.map((m) => (
              <MenuItem key={m.type} value={m.type}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {isMethod(method)
        ? detailFields[method].map((f) => (
            <Controller
              key={`${method}.${f.name}`}
              control={form.control}
              name={`details.${f.name}`}
              render={({ field }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  select={Boolean(f.options)}
                  label={t(`billing.fields.${f.name}` as 'billing.fields.iban')}
                  required={!f.optional}
                  error={Boolean(detailError(f.name))}
                  helperText={detailError(f.name) ?? (t(`billing.hints.${f.name}` as 'billing.hints.iban', { defaultValue: '' }) || undefined)}
                  autoComplete={f.autoComplete ?? 'off'}
                  slotProps={{ htmlInput: { inputMode: f.inputMode ?? 'text', spellCheck: false } }}
                >
                  {(f.options ?? []).map((o) => (
                    <MenuItem key={o} value={o}>
                      {t(`billing.options.${o}` as 'billing.options.checking')}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ))
        : null}
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('billing.save')}
      </Button>
    </Stack>
  );
}
