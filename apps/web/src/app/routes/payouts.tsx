import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaymentRunsPanel } from '../../features/payment-runs/components/payment-runs-panel.tsx';
import { PayoutsPage } from '../../features/payouts/components/payouts-page.tsx';

/** /payouts, staff with `payouts` (the app layout shows the heading and the SPEC subtitle): the payouts, and the payment runs that pay them (?view=runs). */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'runs' ? 'runs' : 'payouts';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Tabs value={view} onChange={(_, next: string) => setParams(next === 'runs' ? { view: 'runs' } : {}, { replace: true })} aria-label={t('paymentRuns.viewsLabel')}>
        <Tab value="payouts" label={t('paymentRuns.views.payouts')} />
        <Tab value="runs" label={t('paymentRuns.views.runs')} />
      </Tabs>
      {view === 'runs' ? <PaymentRunsPanel /> : <PayoutsPage />}
    </Stack>
  );
}
