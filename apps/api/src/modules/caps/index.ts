export { type CapAlertPayload, capAlertVars } from './alert-job.ts';
export { CLICK_CAP_SYNC_MS, ClickCapCounter } from './click-caps.ts';
export { cappedOffers } from './service.ts';
export { FULL_CAPS_REFRESH_MS, FullCaps } from './full-caps.ts';
export { periodStart, reopensAt } from './periods.ts';
export { type Admission, admitUnderCaps, CAP_ALERT_JOB, type CapDemand, conversionCapsOf, type ConversionCaps, takeConversionCaps, wouldPassHardCaps } from './take.ts';
