import { apiModule } from '../../lib/module.ts';
import { fraudRoutes } from './routes.ts';

/**
 * The fraud module (docs/fraud.md): the rules staff set (the network's and each offer's), screening a
 * conversion against them (`screenConversions`, called by the conversions module inside the
 * transaction that records it), chargeback and refund ratios, and the payout holds that follow them;
 * shared details (`shared.ts`): the markers the billing, tax-form and sign-up writers set
 * (`setSharedMarker`), the referral commission's exclusion (`sharesDetailSql`) and Affiliate Details'
 * list (`sharedDetailsOf`).
 * Reviewing held conversions changes conversions and moves money, so it lives in the conversions module.
 */
export const fraudModule = apiModule('fraud', async (app) => {
  await app.register(fraudRoutes);
});

export { screenConversions, type Screened, type Verdict } from './screening.ts';
export { extraHoldDays } from './overview.ts';
export { setSharedMarker, sharedDetailsOf, sharesDetailSql } from './shared.ts';
