import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LandingPagesAdmin } from '../../features/landing-pages/components/landing-pages-admin.tsx';
import { LinkBuilder } from '../../features/offers/components/link-builder.tsx';
import { OfferList } from '../../features/offers/components/offer-list.tsx';
import { OffersAdmin } from '../../features/offers/components/offers-admin.tsx';
import { PopCodeTab } from '../../features/offers/components/pop-code-tab.tsx';
import { PostbacksTab } from '../../features/postbacks/components/postbacks-tab.tsx';
import { SitesAdmin } from '../../features/sites/components/sites-admin.tsx';
import { SmartLinksTab } from '../../features/smart-links/components/smart-links-tab.tsx';
import { SiteBillersDialog } from '../../features/billers/components/site-billers-dialog.tsx';

const affiliateTabs = ['list', 'smart-links', 'postbacks', 'pop-code', 'advanced'] as const;
const staffTabs = ['offers', 'sites', 'landing-pages'] as const;
const tabLabel: Record<string, string> = {
  list: 'offers.tabs.list',
  'smart-links': 'offers.tabs.smartLinks',
  postbacks: 'offers.tabs.postbacks',
  'pop-code': 'offers.tabs.popCode',
  advanced: 'offers.tabs.advanced',
  offers: 'offers.tabs.offers',
  sites: 'offers.tabs.sites',
  'landing-pages': 'offers.tabs.landingPages',
};

export interface OffersPageProps {
  isClient: boolean;
  /** Staff with role admin open /offers/{id}. */
  canOpenDetail: boolean;
}

/**
 * /offers. Affiliates: tabs list, smart links, postbacks, pop code and advanced (SPEC.md section 2); the chosen site and
 * tab live in the address (?tab=&site=), so a reload or a shared link keeps them. Staff: offers, sites, landing pages.
 */
export function OffersPage({ isClient, canOpenDetail }: OffersPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabs: readonly string[] = isClient ? affiliateTabs : staffTabs;
  const tab = tabs.includes(params.get('tab') ?? '') ? (params.get('tab') as string) : tabs[0]!;
  const site = Number(params.get('site'));
  const siteId = Number.isInteger(site) && site > 0 ? site : undefined;
  // Creatives' "use this page" opens the link builder with a landing page chosen.
  const landing = Number(params.get('landing_page'));
  const landingPageId = Number.isInteger(landing) && landing > 0 ? landing : undefined;

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || (k === 'tab' && v === tabs[0])) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const onSite = (id: number | undefined) => update({ site: id === undefined ? undefined : String(id) });

  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, v: string) => update({ tab: v })} variant="scrollable" allowScrollButtonsMobile aria-label={t('offers.tabsLabel')} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(tabLabel[k]!)} id={`offers-tab-${k}`} aria-controls={`offers-panel-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`offers-panel-${tab}`} aria-labelledby={`offers-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'list' ? <OfferList siteId={siteId} onSite={onSite} /> : null}
        {tab === 'smart-links' ? <SmartLinksTab /> : null}
        {tab === 'postbacks' ? <PostbacksTab /> : null}
        {tab === 'pop-code' ? <PopCodeTab siteId={siteId} onSite={onSite} /> : null}
        {tab === 'advanced' ? <LinkBuilder siteId={siteId} onSite={onSite} landingPageId={landingPageId} /> : null}
        {tab === 'offers' ? <OffersAdmin siteId={siteId} onSite={onSite} canOpenDetail={canOpenDetail} /> : null}
        {tab === 'sites' ? <SitesAdmin billers={{ label: t('billers.open'), render: (s, close) => <SiteBillersDialog site={s} onClose={close} /> }} /> : null}
        {tab === 'landing-pages' ? <LandingPagesAdmin /> : null}
      </Box>
    </Box>
  );
}
