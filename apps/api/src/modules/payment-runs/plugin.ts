import { apiModule } from '../../lib/module.ts';
import { paymentRunRoutes } from './routes.ts';

/**
 * The payment-runs module (docs/payment-runs.md): runs of approved payouts paid by one file per
 * rail, their two-person approval, the bank's answers and the returns they bring back to the
 * balance, and a payout's timeline. The payment files themselves are pure functions (`formats/`).
 */
export const paymentRunsModule = apiModule('payment-runs', async (app) => {
  await app.register(paymentRunRoutes);
});
