export { type EffectivePayout, effectivePayout, effectivePayouts } from './payout-rates.ts';
