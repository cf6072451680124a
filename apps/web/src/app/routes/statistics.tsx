import { RetentionSection } from '../../features/billers/components/retention-section.tsx';
import { StatisticsPage } from '../../features/statistics/components/statistics-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /statistics (the app layout shows the heading and subtitle), with the billers' retention figures under the report. */
export function Component() {
  const user = useCurrentUser();
  return (
    <StatisticsPage
      isClient={user.is_client}
      canPickAffiliate={!user.is_client && (user.assigned_permissions ?? []).includes('affiliates')}
      renderAfter={(f) => <RetentionSection query={{ from: f.from, to: f.to, offer_id: f.offer_id }} staff={!user.is_client} enabled={f.valid} />}
    />
  );
}
