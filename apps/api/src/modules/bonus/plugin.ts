import { apiModule } from '../../lib/module.ts';
import { bonusRoutes } from './routes.ts';

/**
 * The bonus module: staff add a bonus (a positive amount) or an adjustment (negative, or correcting
 * a row) to one affiliate's balance (docs/money.md). The row is the ledger's, appended through its door.
 */
export const bonusModule = apiModule('bonus', async (app) => {
  await app.register(bonusRoutes);
});
