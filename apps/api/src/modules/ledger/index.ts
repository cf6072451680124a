export { requireAffiliate } from './affiliate-ledger.ts';
export { balanceCents, balanceCentsSql, earnedCentsSinceSql, toDollars } from './balance.ts';
export { EARNINGS_PARAMS, type EarningKind, earningOf, type EarningRow, earningsParams, earningsSteps, insertEarnings, type LedgerEntry, type Price, recordAdmittedEarning, recordEarning, writeEarning } from './earnings.ts';
export { appendEntries, appendEntry, ledgerDay, type LedgerRow, type NewLedgerEntry, toEntry } from './entries.ts';
export { appendPayoutEntries, type PayoutsSource, type FeeRestatement, restatePayoutFees, returnPayoutEntries, returnSentPayout } from './payout-entries.ts';
export { commissionsOf, recordCommission, releaseWithheld } from './referral.ts';
export { type EarningLeft, earningLeftCents, earningsLeft, planReversal, type ReversalEntry, type ReversalShare, type ReversalTake, reverseSale, type SaleAmounts, writeReversals } from './reversals.ts';
