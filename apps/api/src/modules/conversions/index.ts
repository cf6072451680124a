export type { ConversionWriter } from './batch.ts';
export { lockConversion, refundReasons, refundTarget, takeBack } from './refunds.ts';
export { reverseConversion, type StaffReversal } from './reverse.ts';
export { payReleased, releaseHeld } from './release.ts';
export type { SubscriptionReport, SubscriptionRows, SubscriptionWrite, SubscriptionWriter } from './decision.ts';
export { type ConversionInput, type ConversionOutcome, type ConversionSource, findClick, forPostback, recordConversion } from './service.ts';
