import { apiModule } from '../../lib/module.ts';
import { creativeRoutes } from './routes.ts';

/** The creatives module: banners, logos, landing pages' images, offer logos, embed code. */
export const creativesModule = apiModule('creatives', async (app) => {
  await app.register(creativeRoutes);
});

export { createBanner } from './banners.ts';
export { createLogo, firstLogos } from './logos.ts';
export { offerLogos } from './offer-logos.ts';
export { buildZip } from './zip.ts';
