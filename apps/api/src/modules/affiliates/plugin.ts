import { apiModule } from '../../lib/module.ts';
import { affiliateRoutes } from './routes.ts';

/** The affiliates module: the staff's affiliate list, row actions, bulk, sign-up approval and login-as. */
export const affiliatesModule = apiModule('affiliates', async (app) => {
  await app.register(affiliateRoutes);
});
