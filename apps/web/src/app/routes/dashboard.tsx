import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DashboardNotice } from '../../features/dashboard/components/dashboard-notice.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { WhenPaidChecklist } from '../../features/payouts/components/when-paid-checklist.tsx';
import { ReviewRejectedNotice } from '../../features/profile/components/review-rejected-notice.tsx';
import { ReferralsCard } from '../../features/referrals/components/referrals-card.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /dashboard: a welcome line, the periods, balance, 30-day chart and tops; for affiliates also "When am I paid?" and Referrals (the app layout shows the heading). */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      {user.impersonated ? <Alert severity="info">{t('auth.dashboard.impersonated')}</Alert> : null}
      <div>
        <Typography variant="h6" component="p">
          {t('auth.dashboard.welcome', { name: user.name })}
        </Typography>
        <Typography color="text.secondary">{user.is_client ? user.tier?.name : user.role?.display_name}</Typography>
      </div>
      {user.awaiting_approval ? (
        <Alert severity="info" variant="outlined" data-testid="awaiting-approval">
          <AlertTitle>{t('auth.dashboard.awaitingApproval')}</AlertTitle>
          {t('auth.dashboard.awaitingApprovalText')}
        </Alert>
      ) : null}
      <DashboardNotice />
      {user.is_client && user.info_review ? <ReviewRejectedNotice review={user.info_review} /> : null}
      <DashboardPage canOpenStatistics={(user.assigned_permissions ?? []).includes('statistics')} />
      {user.is_client ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <WhenPaidChecklist />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ReferralsCard />
          </Grid>
        </Grid>
      ) : null}
    </Stack>
  );
}
