import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useBalance } from '../api/get-balance.ts';

const parts = [
  ['available', 'available'],
  ['pending_hold', 'pendingHold'],
  ['pending_review', 'pendingReview'],
  ['in_payouts', 'inPayouts'],
  ['held', 'held'],
  ['lifetime_paid', 'lifetimePaid'],
] as const;

/** GET /v1/balance as six figures: available, in the hold period, in review (held conversions, not earned yet), in payouts, held for profile issues, paid to date. */
export function BalanceCards() {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <Grid container spacing={2} component="section" aria-label={t('payments.balance.title')}>
      {parts.map(([key, label]) => (
        <Grid key={key} size={{ xs: 6, md: 4, lg: 2 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%', borderColor: key === 'available' ? 'primary.main' : undefined }}>
            <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.6, display: 'block' }}>
              {t(`payments.balance.${label}`)}
            </Typography>
            {balance.data ? (
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={`balance-${key}`}>
                {formatMoney(balance.data[key])}
              </Typography>
            ) : (
              <Skeleton width={90} height={32} />
            )}
            <Typography variant="caption" color="text.secondary">
              {t(`payments.balance.${label}Hint`)}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
