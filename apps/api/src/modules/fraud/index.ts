import { apiModule } from '../../lib/module.ts';
import type { PayApproved } from './review.ts';
import { clickScreeningRoutes } from './click-screening-routes.ts';
import { fraudReviewRoutes } from './review-routes.ts';
import { fraudRoutes } from './routes.ts';

/**
 * The fraud module (docs/fraud.md, docs/fraud-clicks.md): click screening on the redirect
 * (`startClickScreening`, called by the clicks module: the screen, its settings' routes, the
 * data-centre list and its refresh job), the rules staff set (the network's and each offer's), screening a
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
  await app.register(clickScreeningRoutes);
});

export { type ClickScreen, getClickScreeningSettings, startClickScreening } from './click-screening.ts';
export { DATACENTER_JOB } from './datacenter-refresh.ts';

export { screenConversions, type Screened, type Verdict } from './screening.ts';
export { extraHoldDays } from './overview.ts';
export { setSharedMarker, sharedDetailsOf, sharesDetailSql } from './shared.ts';
export { pendingReviewCents } from './pending-review.ts';
export { APPEAL_DECIDED_JOB, APPEAL_RECEIVED_JOB, appealsOf, awaitsRate, type PayApproved, wouldEarnCents } from './review.ts';
