import { BASE_CURRENCY, conversionMessages, minorDigits } from '@portal/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { RateText } from '../exchange-rates/index.ts';

/**
 * What a conversion is worth in USD: its amount as sent (minor units of its currency) at the
 * latest rate on or before its day. Without a rate it is held (no money moves) until one arrives.
 */
export interface Price {
  amountCents: number;
  /** USD per one unit; null while held. */
  usdRate: RateText | null;
  heldReason: string | null;
}

const RATE_SCALE = 10_000_000_000n;

/** Minor units at a rate (USD per unit, up to ten decimals) to USD cents, exactly, half up. */
export function toUsdCents(amountMinor: number, digits: number, rate: RateText): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scaled = BigInt(whole) * RATE_SCALE + BigInt(fraction.slice(0, 10).padEnd(10, '0'));
  const numerator = BigInt(amountMinor) * scaled * 100n;
  const denominator = 10n ** BigInt(digits) * RATE_SCALE;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

export const heldReasonOf = (currency: string, day: string): string => `No exchange rate for ${currency} on or before ${day}.`;

/** The over-maximum refusal: 422 on `amount`. */
export function overMaximum(maxCents: number): ValidationError {
  const dollars = (maxCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return new ValidationError({ amount: [conversionMessages.overMaximum(dollars)] });
}

/**
 * The price of a conversion, or the ValidationError of an amount past the maximum. `rate` is the
 * latest on or before its day (undefined: none; USD needs none).
 */
export function priceOf(input: { amount_minor: number; currency: string }, day: string, rate: RateText | undefined, maxCents: number): Price | ValidationError {
  if (input.currency === BASE_CURRENCY) {
    return input.amount_minor > maxCents ? overMaximum(maxCents) : { amountCents: input.amount_minor, usdRate: '1', heldReason: null };
  }
  // Nothing to convert (a signup without an amount): never held.
  if (input.amount_minor === 0) return { amountCents: 0, usdRate: rate ?? null, heldReason: null };
  if (rate === undefined) return { amountCents: 0, usdRate: null, heldReason: heldReasonOf(input.currency, day) };
  const amountCents = toUsdCents(input.amount_minor, minorDigits(input.currency) ?? 2, rate);
  return amountCents > maxCents ? overMaximum(maxCents) : { amountCents, usdRate: rate, heldReason: null };
}
