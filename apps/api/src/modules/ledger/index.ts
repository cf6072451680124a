import { apiModule } from '../../lib/module.ts';
import { ledgerRoutes } from './routes.ts';

/**
 * The ledger module: the one writer of `ledger_entries` (docs/money.md). Every module that moves
 * money appends rows through these verbs, with `db` or inside its own transaction; balances are
 * sums of rows.
 */
export const ledgerModule = apiModule('ledger', async (app) => {
  await app.register(ledgerRoutes);
});

export { requireAffiliate } from './affiliate-ledger.ts';
export { balanceCents, balanceCentsSql, earnedCentsSinceSql, toDollars } from './balance.ts';
export { EARNINGS_PARAMS, type EarningKind, earningOf, type EarningRow, earningsParams, earningsSteps, insertEarnings, type LedgerEntry, recordAdmittedEarning, recordEarning, writeEarning } from './earnings.ts';
export { appendEntries, appendEntry, ledgerDay, type LedgerRow, type NewLedgerEntry, toEntry } from './entries.ts';
export { appendPayoutEntries, type PayoutsSource, type FeeRestatement, restatePayoutFees, returnPayoutEntries, returnSentPayout } from './payout-entries.ts';
export { commissionsOf } from './referral.ts';
export { type EarningLeft, earningLeftCents, earningsLeft, planReversal, type ReversalEntry, type ReversalShare, type ReversalTake, reverseSale, type SaleAmounts, writeReversals } from './reversals.ts';
