import { ConversionLogPage } from '../../features/conversions/components/conversion-log-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /conversion-log (the app layout shows the heading and subtitle). */
export function Component() {
  const user = useCurrentUser();
  const permissions = user.assigned_permissions ?? [];
  return <ConversionLogPage isClient={user.is_client} canPickAffiliate={!user.is_client && permissions.includes('affiliates')} canAct={!user.is_client && permissions.includes('payouts')} />;
}
