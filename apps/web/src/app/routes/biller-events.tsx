import { BillerEventsPage } from '../../features/billers/components/biller-events-page.tsx';

/** /biller-events (the app layout shows the heading and subtitle). */
export function Component() {
  return <BillerEventsPage />;
}
