import { OffersPage } from './offers-tabs.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /offers: the affiliates' tabs, or the staff's catalogue (the app layout shows the heading and subtitle). */
export function Component() {
  const user = useCurrentUser();
  return <OffersPage isClient={user.is_client} canOpenDetail={!user.is_client} />;
}
