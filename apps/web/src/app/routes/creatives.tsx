import { useNavigate } from 'react-router';
import { BannersTab } from '../../features/creatives/components/banners-tab.tsx';
import { LandingPagesTab } from '../../features/creatives/components/landing-pages-tab.tsx';
import { LogosTab } from '../../features/creatives/components/logos-tab.tsx';
import { LandingPageForm } from '../../features/landing-pages/components/landing-page-form.tsx';
import { CatalogueTab } from '../../features/catalogue/components/catalogue-tab.tsx';
import { FeedsTab } from '../../features/catalogue/components/feeds-tab.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { type CreativesTab, CreativesPage } from './creatives-tabs.tsx';

/** "Use this page": the Offers page's link builder (Advanced tab) with the site and landing page chosen. */
function AffiliateLandingPages() {
  const navigate = useNavigate();
  return <LandingPagesTab canManage={false} onUse={(p) => void navigate(`/offers?tab=advanced&site=${p.site.id}&landing_page=${p.id}`)} />;
}

/**
 * The tabs of /creatives in SPEC order (banners, pornstars, scenes, logos, feeds, landing pages).
 * A new kind of creative adds one entry here; the page draws the tab list from it. Staff (the
 * route needs `creatives`) get the same tabs with their edit controls.
 */
export const creativesTabs: readonly CreativesTab[] = [
  { key: 'banners', label: 'creatives.tabs.banners', render: ({ isClient }) => <BannersTab canManage={!isClient} /> },
  { key: 'pornstars', label: 'catalogue.tabs.models', render: ({ isClient }) => <CatalogueTab kind="model" isClient={isClient} /> },
  { key: 'scenes', label: 'catalogue.tabs.scenes', render: ({ isClient }) => <CatalogueTab kind="scene" isClient={isClient} /> },
  { key: 'logos', label: 'creatives.tabs.logos', render: ({ isClient }) => <LogosTab canManage={!isClient} /> },
  { key: 'feeds', label: 'catalogue.tabs.feeds', render: ({ isClient }) => <FeedsTab isClient={isClient} /> },
  { key: 'landing-pages', label: 'creatives.tabs.landingPages', render: ({ isClient }) => (isClient ? <AffiliateLandingPages /> : <LandingPagesTab canManage form={(page, sites, close) => <LandingPageForm page={page} sites={sites} withImages onClose={close} />} />) },
];

/** /creatives, permission `creatives`: affiliates place creatives, staff manage them (the layout shows the heading). */
export function Component() {
  const user = useCurrentUser();
  return <CreativesPage tabs={creativesTabs} isClient={user.is_client} />;
}
