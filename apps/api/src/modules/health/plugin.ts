import { apiModule } from '../../lib/module.ts';
import { healthRoutes } from './routes.ts';

/** The health module: the health check. */
export const healthModule = apiModule('health', async (app) => {
  await app.register(healthRoutes);
});
