export { type ClickScreen, getClickScreeningSettings, startClickScreening } from './click-screening.ts';
export { DATACENTER_JOB } from './datacenter-refresh.ts';
export { screenConversions, type Screened, type Verdict } from './screening.ts';
export { extraHoldDays } from './overview.ts';
export { pendingReviewCents } from './pending-review.ts';
export { appealsOf, awaitsRate, type PayApproved, wouldEarnCents } from './review.ts';
