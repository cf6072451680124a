import { apiModule } from '../../lib/module.ts';
import { linkRoutes } from './routes.ts';

/** The links module: tracking links. */
export const linksModule = apiModule('links', async (app) => {
  await app.register(linkRoutes);
});

export { assertMayGetLinks, mayGetLinks } from './approval.ts';
export { destinationFor, fallbackFor, fallbackReasonFor, LinkCache, LINK_CACHE_TTL_MS, type ResolvedLink, withClickId } from './resolve.ts';
export { codeFor, codesFor, existingCodes, isWithinSite, type LinkSpec, liveOfferSite, subKeys, trackingUrl, validateLinkSpec } from './service.ts';
