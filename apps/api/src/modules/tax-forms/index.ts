export { setProfileLegal } from './store.ts';
export { backfillTaxNumberMarkers, submitFilled } from './submit.ts';
export { cryptoContext } from './submit.ts';
