/**
 * Ledger: the one writer of `ledger_entries` (docs/money.md). Every module that moves money appends
 * rows through these verbs, with `db` or inside its own transaction; balances are sums of rows.
 */
export { ledgerRoutes } from './routes.ts';
export { appendEntries, appendEntry, ledgerDay, type LedgerRow, type NewLedgerEntry, toEntry } from './entries.ts';
export { appendPayoutEntries, type PayoutsSource, returnPayoutEntries } from './payout-entries.ts';
export { requireAffiliate } from './affiliate-ledger.ts';
