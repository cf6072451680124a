import { Navigate, Outlet, useOutletContext } from 'react-router';
import { useMaintenance } from '../../lib/maintenance.ts';
import { useSession } from '../../lib/session.ts';
import { signedInAddress } from '../../lib/return-address.ts';

/** SPEC.md section 2: authenticated users on Home go to Dashboard, unless maintenance is on. */
export function Component() {
  const tokens = useSession();
  const maintenance = useMaintenance();
  const context: unknown = useOutletContext();
  if (tokens && !maintenance) return <Navigate to={signedInAddress()} replace />;
  return <Outlet context={context} />;
}
