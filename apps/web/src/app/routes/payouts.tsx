import { PayoutsPage } from '../../features/payouts/components/payouts-page.tsx';

/** /payouts, staff with `payouts` (the app layout shows the heading and the SPEC subtitle). */
export function Component() {
  return <PayoutsPage />;
}
