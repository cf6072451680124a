import { apiModule } from '../../lib/module.ts';
import { smartLinkRoutes } from './routes.ts';

/** The smart-links module: an affiliate's links over several offers (the redirect resolves them in `links`). */
export const smartLinksModule = apiModule('smart-links', async (app) => {
  await app.register(smartLinkRoutes);
});
