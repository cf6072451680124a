export { createBanner } from './banners.ts';
export { createLogo, firstLogos } from './logos.ts';
export { offerLogos } from './offer-logos.ts';
export { buildZip } from './zip.ts';
