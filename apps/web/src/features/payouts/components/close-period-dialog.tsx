import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { periodLabel } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useClosePeriod } from '../api/close-period.ts';

/** Staff close a month by hand (the monthly job does it otherwise): asked first, as it makes the month's payouts. */
export function ClosePeriodDialog({ period: suggested, onClose }: { period: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(suggested);
  const close = useClosePeriod();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period.trim());
  return (
    <Dialog open onClose={onClose} aria-labelledby="close-period-title" fullWidth maxWidth="xs">
      <DialogTitle id="close-period-title">{t('payouts.closePeriod.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('payouts.closePeriod.text', { period: valid ? periodLabel(period.trim()) : period })}</DialogContentText>
        <TextField label={t('payouts.closePeriod.period')} value={period} onChange={(e) => setPeriod(e.target.value)} helperText="YYYY-MM" fullWidth size="small" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payouts.closePeriod.cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!valid}
          loading={close.isPending}
          onClick={() =>
            close.mutate(period.trim(), {
              onSuccess: (result) => {
                notify.success(t('payouts.closePeriod.done', { period: periodLabel(result.period), count: result.payouts, amount: formatMoney(result.amount) }));
                onClose();
              },
              onError: alertError,
            })
          }
        >
          {t('payouts.closePeriod.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
