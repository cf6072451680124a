import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** What every tab of /creatives is given by the page. */
export interface CreativesTabProps {
  /** An affiliate (placing creatives) or staff (managing them). */
  isClient: boolean;
}

/** One tab of /creatives: its key in the address (?tab=), its label key and what it shows. */
export interface CreativesTab {
  key: string;
  label: string;
  render: (props: CreativesTabProps) => ReactNode;
}

/**
 * /creatives: one tab per kind of creative, in the order given (the page's route module lists them).
 * The chosen tab lives in the address, so a reload or a shared link keeps it.
 */
export function CreativesPage({ tabs, ...props }: CreativesTabProps & { tabs: readonly CreativesTab[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!;
  const current = tabs.find((x) => x.key === params.get('tab')) ?? first;

  const choose = (key: string) => {
    const next = new URLSearchParams();
    if (key !== first.key) next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={current.key} onChange={(_, v: string) => choose(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('creatives.tabsLabel')} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((x) => (
          <Tab key={x.key} value={x.key} label={t(x.label)} id={`creatives-tab-${x.key}`} aria-controls={`creatives-panel-${x.key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`creatives-panel-${current.key}`} aria-labelledby={`creatives-tab-${current.key}`} sx={{ minWidth: 0 }}>
        {current.render(props)}
      </Box>
    </Box>
  );
}
