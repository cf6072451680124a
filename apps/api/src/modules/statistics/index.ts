export { earningsByCampaign } from './campaign-earnings.ts';
export { report } from './service.ts';
