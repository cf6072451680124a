/**
 * The shared-details module (docs/fraud.md, "Shared details"): each affiliate's blind-index markers of
 * their payout details, tax number and sign-up address, set by the modules that write those values
 * (sign-up, billing, tax forms) and read by the Fraud screen's groups, Affiliate Details and the
 * referral commission. It depends on no module, so sign-in can set a marker without loading fraud.
 */
export { setSharedMarker, sharedDetailsOf, sharedGroups, sharedKindsSql } from './markers.ts';
