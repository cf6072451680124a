import { apiModule } from '../../lib/module.ts';
import { catalogueRoutes } from './routes.ts';

/** The catalogue module: sites' models and scenes, their sync job and the public feeds. */
export const catalogueModule = apiModule('catalogue', async (app) => {
  await app.register(catalogueRoutes);
});

export { CATALOGUE_SYNC_JOB, lastSyncs } from './job.ts';
export { creativeLabels } from './labels.ts';
