/**
 * Bonus: staff add a bonus (a positive amount) or an adjustment (negative, or correcting a row) to
 * one affiliate's balance (docs/money.md). The row is the ledger's, appended through its door.
 */
export { bonusRoutes } from './routes.ts';
