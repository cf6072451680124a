import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useBanks } from '../../../lib/money-queries.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useChangePayoutBank } from '../api/change-payout-bank.ts';
import type { Payout } from '@portal/contracts';

/** Which of the network's banks pays a payout to pay (SPEC.md section 2, "change bank"). */
export function ChangeBankDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useTranslation();
  const banks = useBanks();
  const change = useChangePayoutBank();
  const [bankId, setBankId] = useState<number | ''>(payout.bank?.id ?? '');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const submit = () => {
    if (bankId === '') {
      setError(validationMessages.required);
      return;
    }
    setFormError(undefined);
    change.mutate(
      { id: payout.id, bank_id: bankId },
      {
        onSuccess: () => {
          notify.success(t('payouts.bankUpdated'));
          onClose();
        },
        onError: (e) => setFormError(e.message),
      },
    );
  };
  const list = banks.data ?? [];
  return (
    <FormDialog id="change-bank" title={t('payouts.bankDialog.title')} onClose={onClose} onSubmit={submit} saving={change.isPending} submitLabel={t('payouts.bankDialog.submit')}>
      <Typography color="text.secondary">{t('payouts.bankDialog.text', { name: payout.affiliate.name, amount: formatMoney(payout.amount) })}</Typography>
      <FormAlert message={formError} />
      {banks.isSuccess && list.length === 0 ? <Typography>{t('payouts.bankDialog.noBanks')}</Typography> : null}
      <TextField
        select
        label={t('payouts.bankDialog.bank')}
        value={bankId}
        onChange={(e) => {
          setBankId(Number(e.target.value));
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
        required
      >
        {list.filter((b) => b.is_active || b.id === payout.bank?.id).map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
