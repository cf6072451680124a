import Alert from '@mui/material/Alert';
import { errorMessages } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, useMaintenance } from '../../../lib/api-client.ts';

/** The maintenance banner of SPEC.md section 1; while it shows, the health of the API is asked again every minute. */
export function MaintenanceBanner() {
  const maintenance = useMaintenance();
  // Any successful reply turns maintenance off (the client does that); this is the call that gets one.
  useQuery({
    queryKey: ['maintenance-probe'],
    queryFn: () => apiRequest('/v1/config', { auth: false }),
    enabled: maintenance,
    refetchInterval: 60_000,
    retry: false,
  });
  if (!maintenance) return null;
  return (
    <Alert severity="warning" variant="filled" square role="status" sx={{ justifyContent: 'center' }}>
      {errorMessages.maintenance}
    </Alert>
  );
}
