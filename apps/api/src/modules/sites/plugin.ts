import { apiModule } from '../../lib/module.ts';
import { siteRoutes } from './routes.ts';

/** The sites module: the network's sites and their keys. */
export const sitesModule = apiModule('sites', async (app) => {
  await app.register(siteRoutes);
});
