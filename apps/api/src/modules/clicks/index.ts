export { clickTimeOf, newClickIdAt } from './click-id.ts';
export type { ClickRecord, ClickWriter } from './click-writer.ts';
export { DATACENTER_JOB } from './datacenter-refresh.ts';
export type { OfferEpc } from './epc.ts';
export { type ClickScreen, getClickScreeningSettings } from './screening.ts';
export { countryOf } from './visitor.ts';
export { clientIp } from './client-ip.ts';
