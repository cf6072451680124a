import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { moneyAmount } from './money.ts';

/** Number inputs hand over strings; the API may send numbers. Both are read the same way. */
const numberInput = z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: m.invalid });

const asNumber = (value: string | number): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim()));

/** Up to two decimals, not zero (amounts): "12", "12.5", "-3.25" pass; "0", "0.00", "1.234" fail. The money rule (`money.ts`). */
export function amount() {
  return moneyAmount({ negative: true, zero: false, trim: true, negativeMessage: m.invalid });
}

/**
 * A payout or price: up to two decimals, zero or more ("0" is an answer; SPEC.md section 5 counts
 * zero as filled). More decimals or text: invalid; below zero: not positive. The money rule (`money.ts`).
 */
export function payoutAmount() {
  return moneyAmount({ trim: true });
}

/** A positive number: greater than zero (zero is not positive; use `percentage` for 0 to 100). */
export function positiveNumber() {
  return numberInput.transform((value, ctx) => {
    const n = asNumber(value);
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: m.positive, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** A percentage from 0 to 100, both ends included. */
export function percentage() {
  return numberInput.transform((value, ctx) => {
    const n = asNumber(value);
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: 'custom', message: m.percentage, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * The largest amount, in dollars, a money filter may name (payouts' `amount_min`, `amount_max`):
 * a trillion, far above any payout and well inside what a bigint of cents holds, so a huge number
 * such as `99999999999999999999` is a 422 on the field instead of an overflow in the query.
 */
export const AMOUNT_FILTER_MAX = 1_000_000_000_000;

/** A money filter in dollars: a number from 0 to {@link AMOUNT_FILTER_MAX}. */
export function amountFilter() {
  return z.coerce.number({ error: m.invalid }).min(0, m.invalid).max(AMOUNT_FILTER_MAX, m.tooLarge(AMOUNT_FILTER_MAX));
}

/**
 * The one rule for whole-number settings (hold days, minutes, seconds, counts): an integer JSON
 * number from `min` to `max`, nothing else. No string ("1e1", "10"), no boolean, no null, no
 * array: JSON's own number is the only form, so nothing is coerced into a value staff did not
 * type. A blank value is refused with `m.required` when wrapped in `required`, otherwise with
 * `message`. Forms hand over numbers: the web's number fields convert what was typed.
 */
export function wholeNumber(min: number, max: number, message: string = m.invalid) {
  return z.custom<number>((v) => isWholeNumber(v, min, max), { error: message });
}

/** True for an integer JSON number from `min` to `max` (the `wholeNumber` rule as a test). */
export const isWholeNumber = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/**
 * The one rule for percentage settings (referral rate, withholding rates, split fees, fraud
 * ratios): 0 to 100 with at most two decimals (stored in basis points), as a JSON number or as
 * the plain decimal a form's text holds ("12.5"). Nothing is coerced: no exponent ("1e1"), no
 * sign, no blank, no boolean, null or array.
 */
export function percentSetting(message: string = m.percentage) {
  return z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: message }).transform((value, ctx) => {
    const n = readPercent(value);
    if (n === undefined) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** The percentage a value holds by the `percentSetting` rule, or undefined. */
export function readPercent(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const raw = typeof value === 'number' ? String(value) : value.trim();
  const n = Number(raw);
  return TWO_DECIMALS.test(raw) && Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}
