import { apiModule } from '../../lib/module.ts';
import { landingPageRoutes } from './routes.ts';

/** The landing-pages module: a site's landing pages. */
export const landingPagesModule = apiModule('landing-pages', async (app) => {
  await app.register(landingPageRoutes);
});

export { assertLandingPageOfSite, toLandingPage } from './service.ts';
