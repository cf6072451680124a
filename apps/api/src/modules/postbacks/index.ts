export { POSTBACK_JOB, POSTBACK_RETRY_WINDOW_MS } from './deliver.ts';
export { type ConversionForPostback, deliveriesFor, enqueuePostbacksForConversion, type NewDelivery, postbacksOfAffiliates } from './enqueue.ts';
