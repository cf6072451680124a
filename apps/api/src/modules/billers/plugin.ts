import { apiModule } from '../../lib/module.ts';
import { BillerIntake } from './intake.ts';
import { billerRoutes } from './routes.ts';

/**
 * The billers module (docs/billers.md): sites' biller accounts, the postback endpoint each biller
 * posts to (`/billers/{biller}/{account key}`), their event log and replay, subscriptions and their
 * retention figures. A biller's sale, rebill or refund becomes a conversion through the
 * conversions module's one path, with the biller account as its source. Posts arriving together
 * share their reads and their event-log statement (`BillerIntake`), `batchesInFlight` at once.
 */
export const billersModule = apiModule<{ batchesInFlight: number }>('billers', async (app, options) => {
  const intake = new BillerIntake(app.db, options.batchesInFlight);
  app.decorate('billerIntake', intake);
  app.addHook('preClose', async () => intake.drain());
  await app.register(billerRoutes);
});
