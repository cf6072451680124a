import { apiModule } from '../../lib/module.ts';
import { type CatalogueOptions, catalogueRoutes } from './routes.ts';

/** The catalogue module: sites' models and scenes, their sync job and the public feeds. */
export const catalogueModule = apiModule<CatalogueOptions>('catalogue', async (app, options) => {
  await app.register(catalogueRoutes, options);
});
