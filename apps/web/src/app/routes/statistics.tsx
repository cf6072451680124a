import { StatisticsPage } from '../../features/statistics/components/statistics-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /statistics (the app layout shows the heading and subtitle). */
export function Component() {
  const user = useCurrentUser();
  return <StatisticsPage isClient={user.is_client} canPickAffiliate={!user.is_client && (user.assigned_permissions ?? []).includes('affiliates')} />;
}
