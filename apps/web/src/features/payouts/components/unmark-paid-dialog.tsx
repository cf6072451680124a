import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Payout, validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useUnmarkPayoutPaid } from '../api/unmark-payout-paid.ts';

/** A payout marked paid by mistake goes back to "to pay" (within 7 days), with the reason in its history. */
export function UnmarkPaidDialog({ payout, onClose, onDone }: { payout: Payout; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const unmark = useUnmarkPayoutPaid();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const submit = () => {
    if (!reason.trim()) return setError(validationMessages.required);
    setFormError(undefined);
    unmark.mutate(
      { id: payout.id, reason: reason.trim() },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (e instanceof ApiError && e.errors?.reason?.[0]) setError(e.errors.reason[0]);
          else setFormError(e.message);
        },
      },
    );
  };
  return (
    <FormDialog id="unmark-paid" title={t('payouts.unmarkDialog.title')} onClose={onClose} onSubmit={submit} saving={unmark.isPending} submitLabel={t('payouts.unmarkDialog.submit')} danger>
      <Typography color="text.secondary">{t('payouts.unmarkDialog.text', { amount: formatMoney(payout.amount), name: payout.affiliate.name })}</Typography>
      <FormAlert message={formError} />
      <TextField
        id="unmark-paid-reason"
        label={t('payouts.unmarkDialog.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
        required
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
