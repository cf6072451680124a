import { apiModule } from '../../lib/module.ts';
import { creativeRoutes } from './routes.ts';

/** The creatives module: banners, logos, offer logos, embed code (landing pages with their images are the landing-pages module's). */
export const creativesModule = apiModule('creatives', async (app) => {
  await app.register(creativeRoutes);
});
