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
