import { apiModule } from '../../lib/module.ts';
import { billingRoutes } from './routes.ts';

/** The billing module: an affiliate's billing details, for them and for staff, and their shared-details marker (docs/fraud.md). */
export const billingModule = apiModule('billing', async (app) => {
  await app.register(billingRoutes);
});
