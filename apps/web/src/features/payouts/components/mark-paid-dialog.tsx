import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MarkPaidForm, markPaidFormSchema, type Payout, payoutMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, todayInLosAngeles } from '../../../lib/format.ts';

type Errors = Partial<Record<keyof MarkPaidForm, string>>;

/**
 * Before a payout (or a selection) is marked paid: the payment's reference and the day it was paid
 * (today by default, never in the future; the server checks both again).
 */
export function MarkPaidDialog({ payouts, onClose, onSubmit, saving = false }: { payouts: readonly Payout[]; onClose: () => void; onSubmit: (form: MarkPaidForm) => Promise<void> | void; saving?: boolean }) {
  const { t } = useTranslation();
  const today = todayInLosAngeles();
  const [form, setForm] = useState<{ reference: string; paid_on: string | null }>({ reference: '', paid_on: today });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const cents = payouts.reduce((s, p) => s + Math.round(p.amount * 100), 0);
  const one = payouts.length === 1 ? payouts[0] : undefined;

  const submit = async () => {
    const parsed = markPaidFormSchema.safeParse({ reference: form.reference, paid_on: form.paid_on ?? '' });
    const next: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as keyof MarkPaidForm] ??= issue.message;
    if (parsed.success && parsed.data.paid_on > today) next.paid_on = payoutMessages.paidOnFuture;
    setErrors(next);
    if (!parsed.success || next.paid_on) return;
    setFormError(undefined);
    try {
      await onSubmit(parsed.data);
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors({ reference: e.errors.reference?.[0], paid_on: e.errors.paid_on?.[0] });
      else setFormError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <FormDialog id="mark-paid" title={t(one ? 'payouts.markPaidDialog.title' : 'payouts.markPaidDialog.titleMany', { count: payouts.length })} onClose={onClose} onSubmit={() => void submit()} saving={saving} submitLabel={t('payouts.markPaidDialog.submit')}>
      <Typography color="text.secondary">
        {one ? t('payouts.markPaidDialog.text', { amount: formatMoney(one.amount), name: one.affiliate.name, method: one.method_name }) : t('payouts.markPaidDialog.textMany', { count: payouts.length, amount: formatMoney(cents / 100) })}
      </Typography>
      <FormAlert message={formError} />
      <TextField
        id="mark-paid-reference"
        label={t('payouts.markPaidDialog.reference')}
        value={form.reference}
        onChange={(e) => {
          setForm((f) => ({ ...f, reference: e.target.value }));
          setErrors((x) => ({ ...x, reference: undefined }));
        }}
        error={Boolean(errors.reference)}
        helperText={errors.reference ?? t('payouts.markPaidDialog.referenceHint')}
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <DatePickerInput
        id="mark-paid-date"
        label={t('payouts.markPaidDialog.paidOn')}
        value={form.paid_on}
        maxDate={today}
        required
        onChange={(paid_on) => {
          setForm((f) => ({ ...f, paid_on }));
          setErrors((x) => ({ ...x, paid_on: undefined }));
        }}
        error={errors.paid_on}
      />
    </FormDialog>
  );
}
