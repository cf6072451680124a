import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/** Number inputs hand over strings; the API may send numbers. Both are read the same way. */
const numberInput = z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: m.invalid });

const asNumber = (value: string | number): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim()));

/** Up to two decimals, not zero (amounts): "12", "12.5", "-3.25" pass; "0", "0.00", "1.234" fail. */
const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;
export function amount() {
  return numberInput.transform((value, ctx) => {
    const textValue = typeof value === 'number' ? String(value) : value.trim();
    const n = asNumber(value);
    if (!TWO_DECIMALS.test(textValue) || !Number.isFinite(n) || n === 0) {
      ctx.addIssue({ code: 'custom', message: m.invalid, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A payout or price: up to two decimals, zero or more ("0" is an answer; SPEC.md section 5 counts
 * zero as filled). More decimals or text: invalid; below zero: not positive.
 */
export function payoutAmount() {
  return numberInput.transform((value, ctx) => {
    const textValue = typeof value === 'number' ? String(value) : value.trim();
    const n = asNumber(value);
    if (!TWO_DECIMALS.test(textValue) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: m.invalid, input: value });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: m.positive, input: value });
      return z.NEVER;
    }
    return n;
  });
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
