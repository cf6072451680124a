import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { PaymentDetails } from '../../features/billing/components/payment-details.tsx';
import { BalanceCards } from '../../features/payouts/components/balance-cards.tsx';
import { PayoutHistory } from '../../features/payouts/components/payout-history.tsx';
import { TaxDocuments } from '../../features/tax-year/components/tax-documents.tsx';
import { WhenPaidChecklist } from '../../features/payouts/components/when-paid-checklist.tsx';

/** /payments, clients only: headed Payout History (the app layout shows the heading and subtitle). */
export function Component() {
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <BalanceCards />
      <PayoutHistory />
      <TaxDocuments />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <WhenPaidChecklist />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <PaymentDetails />
        </Grid>
      </Grid>
    </Stack>
  );
}
