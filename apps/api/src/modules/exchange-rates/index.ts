export type { RateArrivals } from './arrivals.ts';
export { type EcbLoad, loadEcbRates, parseEcbXml, usdRatesOf } from './ecb.ts';
export { ECB_JOB } from './job.ts';
export type { ConversionMaximum } from './maximum.ts';
export { maxConversionCents } from './maximum.ts';
export { rateKey, ratesOn, type RateText, storeEcbRates, storeStaffRate } from './store.ts';
export { heldReasonOf, toUsdCents } from './usd.ts';
