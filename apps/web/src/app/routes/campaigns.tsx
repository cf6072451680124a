import { CampaignsPage } from '../../features/campaigns/components/campaigns-page.tsx';

/** /campaigns, clients only (the app layout shows the heading). */
export function Component() {
  return <CampaignsPage />;
}
