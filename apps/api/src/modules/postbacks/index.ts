import { apiModule } from '../../lib/module.ts';
import { postbackRoutes } from './routes.ts';

/** The postbacks module: affiliates' postbacks and their deliveries. */
export const postbacksModule = apiModule('postbacks', async (app) => {
  await app.register(postbackRoutes);
});

export { POSTBACK_JOB, POSTBACK_RETRY_WINDOW_MS } from './deliver.ts';
export { type ConversionForPostback, deliveriesFor, enqueuePostbacksForConversion, type NewDelivery, postbacksOfAffiliates } from './enqueue.ts';
