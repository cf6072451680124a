export { type Attached, attachConversion } from './attach.ts';
