import { apiModule } from '../../lib/module.ts';
import { clickScreeningRoutes } from './click-screening-routes.ts';
import type { PayApproved } from './review.ts';
import { fraudReviewRoutes } from './review-routes.ts';
import { fraudRoutes } from './routes.ts';

/**
 * The fraud module (docs/fraud.md, docs/fraud-clicks.md): click screening on the redirect
 * (`startClickScreening`, called by the clicks module: the screen, its settings' routes, the
 * data-centre list and its refresh job), the rules staff set (the network's and each offer's), screening a
 * conversion against them (`screenConversions`, called by the conversions module inside the
 * transaction that records it), chargeback and refund ratios, and the payout holds that follow them;
 * staff's review of held conversions (approve, reject, many at once) and affiliates' appeals
 * (`review.ts`, routes in `review-routes.ts`), and what held conversions would earn
 * (`pending-review.ts`). Shared details' markers are the shared-details module's. Approving pays
 * through the conversions' writer, the verb `payApproved` that `app.ts` hands this module:
 * conversions import fraud (screening), never the other way.
 */
export const fraudModule = apiModule<{ payApproved: PayApproved }>('fraud', async (app, options) => {
  await app.register(fraudReviewRoutes, { payApproved: options.payApproved });
  await app.register(fraudRoutes);
  await app.register(clickScreeningRoutes);
});
