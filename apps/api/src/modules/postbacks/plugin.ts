import { apiModule } from '../../lib/module.ts';
import { postbackRoutes } from './routes.ts';

/** The postbacks module: affiliates' postbacks and their deliveries. */
export const postbacksModule = apiModule('postbacks', async (app) => {
  await app.register(postbackRoutes);
});
