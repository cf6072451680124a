import { FraudPage } from '../../features/fraud/components/fraud-page.tsx';

/** /fraud (staff with fraud; the app layout shows the heading). */
export function Component() {
  return <FraudPage />;
}
