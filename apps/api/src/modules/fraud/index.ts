export { screenConversions, type Screened, type Verdict } from './screening.ts';
export { extraHoldDays } from './overview.ts';
export { setSharedMarker, sharedDetailsOf, sharesDetailSql } from './shared.ts';
export { pendingReviewCents } from './pending-review.ts';
export { APPEAL_DECIDED_JOB, APPEAL_RECEIVED_JOB, appealsOf, awaitsRate, type PayApproved, wouldEarnCents } from './review.ts';
