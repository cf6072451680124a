import { apiModule } from '../../lib/module.ts';
import { linkRoutes } from './routes.ts';

/** The links module: tracking links, and resolving `/t/<code>` (tracking and smart links). */
export const linksModule = apiModule('links', async (app) => {
  await app.register(linkRoutes);
});
