export type { ConversionWriter } from './batch.ts';
export { lockConversion, refundReasons, refundTarget, takeBack } from './refunds.ts';
export { reverseConversion, type StaffReversal } from './reverse.ts';
export { payReleased, releaseHeld } from './release.ts';
export { type ConversionInput, type ConversionOutcome, type ConversionSource, findClick, forPostback, recordConversion } from './service.ts';
