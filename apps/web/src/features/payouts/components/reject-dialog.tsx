import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessages } from '@portal/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { Payout } from '@portal/contracts';
import { useRejectPayout } from '../api/reject-payout.ts';

/** Reject with a reason: the amount returns to the affiliate's balance, and they see why. */
export function RejectDialog({ payout, onClose, onDone }: { payout: Payout; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const submit = () => {
    if (!reason.trim()) {
      setError(validationMessages.required);
      return;
    }
    setFormError(undefined);
    reject.mutate(
      { id: payout.id, reject_reason: reason.trim() },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (e instanceof ApiError && e.errors?.reject_reason?.[0]) setError(e.errors.reject_reason[0]);
          else setFormError(e.message);
        },
      },
    );
  };
  return (
    <FormDialog id="reject-payout" title={t('payouts.rejectDialog.title')} onClose={onClose} onSubmit={submit} saving={reject.isPending} submitLabel={t('payouts.rejectDialog.submit')} danger>
      <Typography color="text.secondary">{t('payouts.rejectDialog.text', { amount: formatMoney(payout.amount), name: payout.affiliate.name })}</Typography>
      <FormAlert message={formError} />
      <TextField
        label={t('payouts.rejectDialog.reason')}
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
