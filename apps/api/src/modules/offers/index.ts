export { type EarningKind, earningOf } from './earning.ts';
export { type EffectivePayout, effectivePayout, effectivePayouts } from './payout-rates.ts';
