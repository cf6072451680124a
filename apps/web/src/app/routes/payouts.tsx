import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaymentRunsPanel } from '../../features/payment-runs/components/payment-runs-panel.tsx';
import { TaxYearsPanel } from '../../features/tax-year/components/tax-years-panel.tsx';
import { PayoutsPage } from '../../features/payouts/components/payouts-page.tsx';

/** /payouts, staff with `payouts` (the app layout shows the heading and the SPEC subtitle): the payouts, the payment runs that pay them (?view=runs) and the year-end tax forms (?view=tax-forms). */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = asked === 'runs' || asked === 'tax-forms' ? asked : 'payouts';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Tabs value={view} onChange={(_, next: string) => setParams(next === 'payouts' ? {} : { view: next }, { replace: true })} aria-label={t('paymentRuns.viewsLabel')}>
        <Tab value="payouts" label={t('paymentRuns.views.payouts')} />
        <Tab value="runs" label={t('paymentRuns.views.runs')} />
        <Tab value="tax-forms" label={t('taxYears.view')} />
      </Tabs>
      {view === 'runs' ? <PaymentRunsPanel /> : view === 'tax-forms' ? <TaxYearsPanel /> : <PayoutsPage />}
    </Stack>
  );
}
