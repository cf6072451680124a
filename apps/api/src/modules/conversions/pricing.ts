import { BASE_CURRENCY, conversionMessages, minorDigits } from '@portal/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { heldReasonOf, type RateText, toUsdCents } from '../exchange-rates/index.ts';

export { heldReasonOf, toUsdCents };

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
