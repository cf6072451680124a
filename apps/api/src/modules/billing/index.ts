export { askToConfirmBilling, backfillPayoutMarkers, saveBilling } from './service.ts';
