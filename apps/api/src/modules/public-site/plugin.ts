import { apiModule } from '../../lib/module.ts';
import { publicSiteRoutes } from './routes.ts';

/** The public-site module: the public website's data. */
export const publicSiteModule = apiModule('public-site', async (app) => {
  await app.register(publicSiteRoutes);
});
