export { createSmartLink } from './service.ts';
