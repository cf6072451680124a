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
