import { apiModule } from '../../lib/module.ts';
import { campaignRoutes } from './routes.ts';

/** The campaigns module: an affiliate's campaigns. */
export const campaignsModule = apiModule('campaigns', async (app) => {
  await app.register(campaignRoutes);
});
