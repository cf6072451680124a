import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adjustmentReasons, bonusMessages, type BonusRequest, bonusRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAddBonus } from '../api/add-bonus.ts';

interface FormValues {
  amount: string;
  reason: string;
  adjustment_reason: string;
  corrects_id: string;
}

const isNegative = (amount: string) => amount.trim().startsWith('-');

export interface BonusDialogProps {
  affiliate: { id: number; name: string };
  onClose: () => void;
}

/** The request schema checks the form; the dialog's empty choices ('') are "none" to it, as in the body it sends. */
const requestResolver = zodResolver(bonusRequestSchema) as unknown as Resolver<FormValues>;
const resolver: Resolver<FormValues> = (values, context, options) =>
  requestResolver({ ...values, adjustment_reason: values.adjustment_reason || null, corrects_id: values.corrects_id || null } as unknown as FormValues, context, options);

/** Affiliates screen: a bonus (positive) or an adjustment (negative, with its reason) on an affiliate's ledger. */
export function BonusDialog({ affiliate, onClose }: BonusDialogProps) {
  const { t } = useTranslation();
  const add = useAddBonus();
  const [formError, setFormError] = useState<string>();
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { amount: '', reason: '', adjustment_reason: '', corrects_id: '' },
  });
  const { errors } = form.formState;
  const negative = isNegative(useWatch({ control: form.control, name: 'amount' }));

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const body: BonusRequest = {
      amount: values.amount,
      reason: values.reason,
      ...(negative ? { adjustment_reason: (values.adjustment_reason || null) as BonusRequest['adjustment_reason'], corrects_id: values.corrects_id || null } : {}),
    };
    try {
      await add.mutateAsync({ affiliateId: affiliate.id, body });
      notify.success(negative ? bonusMessages.adjustmentCreated : bonusMessages.bonusCreated);
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['amount', 'reason', 'adjustment_reason', 'corrects_id']));
    }
  });

  return (
    <FormDialog id="bonus" title={t('bonus.title', { name: affiliate.name })} onClose={onClose} onSubmit={() => void submit()} saving={add.isPending} submitLabel={t(negative ? 'bonus.submitAdjustment' : 'bonus.submit')}>
      <Typography color="text.secondary">{t('bonus.text')}</Typography>
      <FormAlert message={formError} />
      <TextField
        {...form.register('amount')}
        label={t('bonus.amount')}
        required
        autoFocus
        error={Boolean(errors.amount)}
        helperText={errors.amount?.message ?? t('bonus.amountHint')}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <Typography sx={{ mr: 0.5 }}>$</Typography> } }}
      />
      <TextField {...form.register('reason')} label={t('bonus.reason')} required multiline minRows={2} error={Boolean(errors.reason)} helperText={errors.reason?.message} />
      {negative ? (
        <>
          <Controller
            control={form.control}
            name="adjustment_reason"
            render={({ field }) => (
              <TextField select {...field} label={t('bonus.adjustmentReason')} required error={Boolean(errors.adjustment_reason)} helperText={errors.adjustment_reason?.message}>
                {adjustmentReasons.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`bonus.reasons.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...form.register('corrects_id')}
            label={t('bonus.correctsId')}
            error={Boolean(errors.corrects_id)}
            helperText={errors.corrects_id?.message ?? t('bonus.correctsIdHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      ) : null}
    </FormDialog>
  );
}
