import { apiModule } from '../../lib/module.ts';
import { linkRoutes } from './routes.ts';

/** The links module: tracking links, and resolving `/t/<code>` (tracking and smart links). */
export const linksModule = apiModule('links', async (app) => {
  await app.register(linkRoutes);
});

export { assertMayGetLinks, mayGetLinks } from './approval.ts';
export { destinationFor, fallbackReasonFor, isSmartLinkCode, LINK_CACHE_TTL_MS, LinkCache, type ResolvedLink, type ResolvedSmartLink, SMART_LINK_CODE_LENGTH, withClickId } from './resolve.ts';
export { chooseSmartEntry } from './smart-choice.ts';
export { codeFor, codesFor, existingCodes, isWithinSite, type LinkSpec, liveOfferSite, subKeys, trackingUrl, validateLinkSpec } from './service.ts';
