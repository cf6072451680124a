import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfig } from '../../../lib/public-config.ts';
import { useNetworkMaintenance } from '../../../lib/maintenance.ts';

/** Staff while maintenance is on: every page stays theirs, and this says that visitors and affiliates see only the home page. */
export function StaffMaintenanceBanner() {
  const { t } = useTranslation();
  useConfig();
  const on = useNetworkMaintenance();
  if (!on) return null;
  return (
    <Alert severity="warning" variant="outlined" role="status" data-testid="staff-maintenance-banner" sx={{ mb: 2 }}>
      {t('shell.maintenanceOn')}{' '}
      <Link component={RouterLink} to="/settings?section=maintenance" color="inherit" sx={{ fontWeight: 600 }}>
        {t('shell.maintenanceSettings')}
      </Link>
    </Alert>
  );
}
