export { assertLandingPageOfSite, toLandingPage, updateLandingPage } from './service.ts';
