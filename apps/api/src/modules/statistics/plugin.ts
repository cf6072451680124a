import { apiModule } from '../../lib/module.ts';
import { statisticsRoutes } from './routes.ts';

/** The statistics module: the report and the dashboard. */
export const statisticsModule = apiModule('statistics', async (app) => {
  await app.register(statisticsRoutes);
});
