import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /dashboard: a welcome line, then the periods, balance, 30-day chart and tops (the app layout shows the heading). */
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
      <DashboardPage canOpenStatistics={(user.assigned_permissions ?? []).includes('statistics')} />
    </Stack>
  );
}
