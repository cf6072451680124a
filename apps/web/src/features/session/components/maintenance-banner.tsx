import Alert from '@mui/material/Alert';
import { errorMessages } from '@portal/contracts';
import { useMaintenance } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/public-config.ts';

/** The maintenance banner of SPEC.md section 1, on every page; the config tells whether maintenance is on at load. */
export function MaintenanceBanner() {
  const maintenance = useMaintenance();
  useConfig();
  if (!maintenance) return null;
  return (
    <Alert severity="warning" variant="filled" square role="status" sx={{ justifyContent: 'center' }}>
      {errorMessages.maintenance}
    </Alert>
  );
}
