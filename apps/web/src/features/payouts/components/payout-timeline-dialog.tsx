import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Payout, periodLabel } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePayoutTimeline } from '../api/get-payout-timeline.ts';

const sent = (amount: number | null, currency: string | null) => (amount === null ? '' : currency === 'USD' || currency === null ? formatMoney(amount) : `${amount.toFixed(2)} ${currency}`);

/** A payout's timeline: approved, in a run, sent with the reference to quote to the bank, accepted, returned with the reason, paid again. */
export function PayoutTimelineDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useTranslation();
  const timeline = usePayoutTimeline(payout.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payout-timeline-title">
      <DialogTitle id="payout-timeline-title">{t('payments.timeline.title', { period: periodLabel(payout.period) })}</DialogTitle>
      <DialogContent>
        {timeline.isError ? <Alert severity="error">{timeline.error.message}</Alert> : null}
        <Stack component="ol" spacing={1.5} sx={{ pl: 2, m: 0 }} data-testid="payout-timeline">
          {(timeline.data?.steps ?? []).map((s, i) => (
            <li key={`${s.kind}-${i}`}>
              <Typography sx={{ fontWeight: 600 }} color={s.kind === 'returned' ? 'error.main' : s.kind === 'correction' || s.kind === 'cooling_off' ? 'warning.main' : undefined}>
                {t(`payments.timeline.${s.kind}`, { amount: sent(s.amount, 'USD'), sent: sent(s.amount_sent, s.currency) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {formatDate(s.at)}
                {s.reference ? ` · ${t('payments.timeline.reference', { reference: s.reference })}` : ''}
              </Typography>
              {s.reason ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {s.reason}
                </Typography>
              ) : null}
            </li>
          ))}
        </Stack>
        {timeline.isSuccess && timeline.data.steps.length === 0 ? <Typography color="text.secondary">{t('payments.timeline.none')}</Typography> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.timeline.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
