import { apiModule } from '../../lib/module.ts';
import { ConversionWriter } from './batch.ts';
import { releaseHeld } from './release.ts';
import { conversionRoutes } from './routes.ts';

/**
 * The conversions module: sites' conversion reports and their batched writer, which keeps
 * `batchesInFlight` batches in flight (db/client.ts: two on PostgreSQL, one on the embedded database).
 */
export const conversionsModule = apiModule<{ batchesInFlight: number }>('conversions', async (app, options) => {
  // Group commits of conversions; those handed in before shutdown are written before the database closes.
  const conversionWriter = new ConversionWriter(app.db, app.log, options.batchesInFlight, app.exchangeRates.maximum);
  app.decorate('conversionWriter', conversionWriter);
  app.addHook('preClose', async () => conversionWriter.drain());
  // A rate arrived (the ECB load, or staff): the conversions held for want of it are paid.
  app.exchangeRates.arrivals.on((db) => releaseHeld(db));
  await app.register(conversionRoutes);
});
