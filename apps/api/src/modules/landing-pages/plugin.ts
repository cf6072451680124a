import { apiModule } from '../../lib/module.ts';
import { landingPageImageRoutes, landingPageRoutes } from './routes.ts';

/** The landing-pages module: a site's landing pages and their preview images; the one writer of `landing_pages`. */
export const landingPagesModule = apiModule('landing-pages', async (app) => {
  await app.register(landingPageRoutes);
  await app.register(landingPageImageRoutes);
});
