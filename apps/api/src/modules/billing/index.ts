import { apiModule } from '../../lib/module.ts';
import { billingRoutes } from './routes.ts';

/** The billing module: an affiliate's billing details. */
export const billingModule = apiModule('billing', async (app) => {
  await app.register(billingRoutes);
});

export { getBilling } from './service.ts';
