export { closePeriod } from './close.ts';
export { networkDetails } from './documents.ts';
export { BACKUP_WITHHOLDING_SETTING, backupWithholdingBp, loadTerms } from './eligibility.ts';
export { laDate, periodEnd, periodOf, periodStart } from './periods.ts';
export { rows } from './sql.ts';
export { approvePayout, markPayoutPaid, releaseFixedHolds } from './transitions.ts';
export { applyMethodFees, inOpenRun, markRunPayoutsPaid, returnPaidPayout, setPayoutMethods } from './run-transitions.ts';
export { nextClose } from './balance.ts';
export { invoiceNumber } from './queries.ts';
