import { apiModule } from '../../lib/module.ts';
import { RateArrivals } from './arrivals.ts';
import { ECB_JOB, ecbJob, scheduleEcbLoad } from './job.ts';
import { ConversionMaximum } from './maximum.ts';
import { exchangeRateRoutes } from './routes.ts';

/**
 * The exchange-rates module: USD per unit of each currency by day (the ECB's daily load, staff's
 * rates), the maximum one conversion may be worth, and `Global Settings > Exchange rates`.
 * Decorates the app with `exchangeRates`: the maximum (read on the conversion path) and the
 * arrivals hook, through which the conversions module releases held conversions.
 */
export const exchangeRatesModule = apiModule('exchange-rates', async (app) => {
  const deps = { db: app.db, ecbUrl: app.config.ecbRatesUrl, maximum: new ConversionMaximum(app.db), arrivals: new RateArrivals(app.db) };
  app.decorate('exchangeRates', { maximum: deps.maximum, arrivals: deps.arrivals });
  app.jobs.register(ECB_JOB, ecbJob(app.db, deps.ecbUrl, deps.arrivals, app.log));
  app.addHook('onReady', async () => {
    await scheduleEcbLoad(app.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the ECB exchange rate load'));
  });
  await app.register(exchangeRateRoutes, { deps });
});
