import { apiModule } from '../../lib/module.ts';
import { billerRoutes } from './routes.ts';

/**
 * The billers module (docs/billers.md): sites' biller accounts, the postback endpoint each biller
 * posts to (`/billers/{biller}/{account key}`), their event log and replay, subscriptions and their
 * retention figures. A biller's sale, rebill or refund becomes a conversion through the
 * conversions module's one path, with the biller account as its source.
 */
export const billersModule = apiModule('billers', async (app) => {
  await app.register(billerRoutes);
});
