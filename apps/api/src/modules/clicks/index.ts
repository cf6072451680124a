export { clickTimeOf, newClickIdAt } from './click-id.ts';
export type { ClickRecord, ClickWriter } from './click-writer.ts';
export type { OfferEpc } from './epc.ts';
export { clientIp } from './client-ip.ts';
