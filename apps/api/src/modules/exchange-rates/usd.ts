import type { RateText } from './store.ts';

const RATE_SCALE = 10_000_000_000n;

/** Minor units at a rate (USD per unit, up to ten decimals) to USD cents, exactly, half up. */
export function toUsdCents(amountMinor: number, digits: number, rate: RateText): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scaled = BigInt(whole) * RATE_SCALE + BigInt(fraction.slice(0, 10).padEnd(10, '0'));
  const numerator = BigInt(amountMinor) * scaled * 100n;
  const denominator = 10n ** BigInt(digits) * RATE_SCALE;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** Why a conversion in a currency with no rate yet on or before its day is held. */
export const heldReasonOf = (currency: string, day: string): string => `No exchange rate for ${currency} on or before ${day}.`;
