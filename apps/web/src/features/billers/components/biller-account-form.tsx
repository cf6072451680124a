import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Biller, type BillerAccount, billerAccountInputSchema, billerNames, billers, defaultPassthroughFields } from '@portal/contracts';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormText } from '../../../components/forms/controlled.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { type SaveBillerAccount, useSaveBillerAccount } from '../api/biller-accounts.ts';
import { hasAddressRanges, hasSecret, identifierFields } from '../lib/biller-fields.ts';

type Input = z.input<typeof billerAccountInputSchema>;
type Output = z.output<typeof billerAccountInputSchema>;
const formFields = [
  'biller',
  'ccbill_account',
  'ccbill_subaccount',
  'epoch_reseller',
  'epoch_product_code',
  'segpay_merchant_id',
  'verotel_shop_id',
  'secret',
  'passthrough_field',
  'site_reports_too',
  'require_biller_addresses',
  'active',
] as const;

function SwitchField({ control, name, label, hint }: { control: Control<Input, unknown, Output>; name: 'site_reports_too' | 'require_biller_addresses' | 'active'; label: string; hint: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel control={<Switch id={`biller-${name}`} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label={label} />
          <FormHelperText sx={{ mt: 0, ml: 6 }}>{hint}</FormHelperText>
        </Box>
      )}
    />
  );
}

/** Add or edit one biller account of a site: its biller (fixed once made), identifiers, secret, pass-through field and switches. */
export function BillerAccountForm({ siteId, account, onClose, onSaved }: { siteId: number; account: BillerAccount | undefined; onClose: () => void; onSaved: (account: BillerAccount) => void }) {
  const { t } = useTranslation();
  const save = useSaveBillerAccount();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(billerAccountInputSchema),
    defaultValues: {
      biller: account?.biller ?? 'ccbill',
      ccbill_account: account?.ccbill_account ?? '',
      ccbill_subaccount: account?.ccbill_subaccount ?? '',
      epoch_reseller: account?.epoch_reseller ?? '',
      epoch_product_code: account?.epoch_product_code ?? '',
      segpay_merchant_id: account?.segpay_merchant_id ?? '',
      verotel_shop_id: account?.verotel_shop_id ?? '',
      secret: '',
      passthrough_field: account?.passthrough_field ?? defaultPassthroughFields.ccbill,
      site_reports_too: account?.site_reports_too ?? false,
      require_biller_addresses: account?.require_biller_addresses ?? false,
      active: account?.active ?? true,
    },
  });
  const biller = useWatch({ control: form.control, name: 'biller' }) as Biller;
  const name = billerNames[biller];

  const submit = form.handleSubmit(async (values) => {
    // Only the chosen biller's identifiers are sent; an empty secret on edit keeps the one set.
    const { biller: picked, ...rest } = values;
    const others = new Set<string>(billers.filter((b) => b !== picked).flatMap((b) => identifierFields[b]));
    const fields = Object.fromEntries(
      Object.entries(rest).filter(([k, v]) => !others.has(k) && !(k === 'secret' && (!hasSecret(picked) || !v)) && !(k === 'require_biller_addresses' && !hasAddressRanges(picked))),
    );
    const request: SaveBillerAccount = account ? { siteId, id: account.id, input: fields } : { siteId, input: { ...fields, biller: picked } };
    try {
      const reply = await save.mutateAsync(request);
      notify.success(t(account ? 'billers.saved' : 'billers.created'));
      onSaved(reply.data);
    } catch (error) {
      applyServerError(error, form.setError, formFields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="biller-account-form" title={account ? t('billers.editTitle', { biller: name }) : t('billers.addTitle')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <Controller
        control={form.control}
        name="biller"
        render={({ field }) => (
          <TextField
            id="biller-biller"
            select
            label={t('billers.biller')}
            value={field.value}
            disabled={Boolean(account)}
            onChange={(e) => {
              const next = e.target.value as Biller;
              field.onChange(next);
              // The pass-through field follows the biller while it is still the previous biller's default.
              if (form.getValues('passthrough_field') === defaultPassthroughFields[field.value as Biller]) form.setValue('passthrough_field', defaultPassthroughFields[next]);
            }}
          >
            {billers.map((b) => (
              <MenuItem key={b} value={b}>
                {billerNames[b]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {identifierFields[biller].map((f) => (
        <FormText key={f} control={form.control} name={f} id={`biller-${f}`} label={t(`billers.fields.${f}`)} />
      ))}
      {hasSecret(biller) ? (
        <FormText
          control={form.control}
          name="secret"
          id="biller-secret"
          label={t('billers.secret')}
          autoComplete="off"
          helperText={account?.has_secret ? t('billers.secretKept') : t(`billers.secretHints.${biller}`)}
        />
      ) : null}
      <FormText control={form.control} name="passthrough_field" id="biller-passthrough_field" label={t('billers.passthrough')} helperText={t('billers.passthroughHint', { biller: name })} />
      <SwitchField control={form.control} name="site_reports_too" label={t('billers.siteReportsToo')} hint={t('billers.siteReportsTooHint')} />
      {hasAddressRanges(biller) ? <SwitchField control={form.control} name="require_biller_addresses" label={t('billers.requireAddresses')} hint={t('billers.requireAddressesHint')} /> : null}
      <SwitchField control={form.control} name="active" label={t('billers.active')} hint={t('billers.activeHint')} />
    </FormDialog>
  );
}
