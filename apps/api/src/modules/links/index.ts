export { assertMayGetLinks, mayGetLinks } from './approval.ts';
export { type ClickCap, destinationFor, fallbackReasonFor, isSmartLinkCode, LINK_CACHE_TTL_MS, LinkCache, type ResolvedLink, type ResolvedSmartLink, SMART_LINK_CODE_LENGTH, withClickId } from './resolve.ts';
export { chooseSmartEntry } from './smart-choice.ts';
export { codeFor, codesFor, existingCodes, isWithinSite, type LinkSpec, liveOfferSite, subKeys, trackingUrl, validateLinkSpec } from './service.ts';
