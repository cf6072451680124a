import { apiModule } from '../../lib/module.ts';
import { ledgerRoutes } from './routes.ts';

/** The ledger module: money rows and balances. */
export const ledgerModule = apiModule('ledger', async (app) => {
  await app.register(ledgerRoutes);
});

export { balanceCents, balanceCentsSql, earnedCentsSinceSql, toDollars } from './balance.ts';
export { type EarningKind, earningOf, earningsInsertSql, insertEarnings, type LedgerEntry, recordEarning } from './earnings.ts';
export { commissionsInsertSql, REFERRAL_RATE_KEY } from './referral.ts';
export { recordReversal } from './reversals.ts';
