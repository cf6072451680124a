export { type ReportingSite, siteKeyResolver } from './keys.ts';
export { assertSiteExists } from './service.ts';
