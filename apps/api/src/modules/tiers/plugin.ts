import { apiModule } from '../../lib/module.ts';
import { tierRoutes } from './routes.ts';

/** The tiers module: affiliate tiers. */
export const tiersModule = apiModule('tiers', async (app) => {
  await app.register(tierRoutes);
});
