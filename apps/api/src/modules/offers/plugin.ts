import { apiModule } from '../../lib/module.ts';
import { offerRoutes } from './routes.ts';

/** The offers module: offers and what an affiliate is paid on them. */
export const offersModule = apiModule('offers', async (app) => {
  await app.register(offerRoutes);
});
