import { apiModule } from '../../lib/module.ts';
import type { PayApproved } from './review.ts';
import { fraudReviewRoutes } from './review-routes.ts';
import { fraudRoutes } from './routes.ts';

/**
 * The fraud module (docs/fraud.md): the rules staff set (the network's and each offer's), screening a
 * conversion against them (`screenConversions`, called by the conversions module inside the
 * transaction that records it), chargeback and refund ratios, and the payout holds that follow them;
 * shared details (`shared.ts`): the markers the billing, tax-form and sign-up writers set
 * (`setSharedMarker`), the referral commission's exclusion (`sharesDetailSql`) and Affiliate Details'
 * list (`sharedDetailsOf`); staff's review of held conversions (approve, reject, many at once) and
 * affiliates' appeals (`review.ts`, routes in `review-routes.ts`), and what held conversions would
 * earn (`pending-review.ts`). Approving pays through the conversions' writer, the verb `payApproved`
 * that `app.ts` hands this module: conversions import fraud (screening), never the other way.
 */
export const fraudModule = apiModule<{ payApproved: PayApproved }>('fraud', async (app, options) => {
  await app.register(fraudReviewRoutes, { payApproved: options.payApproved });
  await app.register(fraudRoutes);
});
