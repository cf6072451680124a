export { getLandingImages } from './landing-images.ts';
export { getEmailNotifications, getGlobalEmailSettings, getNetworkDetails, getSeoSettings, putNetworkDetails } from './sections.ts';
export { getSetting, MaintenanceFlag, putSetting } from './service.ts';
