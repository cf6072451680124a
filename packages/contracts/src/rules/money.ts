import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/**
 * The one rule for money amounts: a plain decimal, a JSON number or a string of digits with an
 * optional fraction ("12", "12.5", "0.99"), with at most `digits` decimals. No signs unless
 * negatives are allowed, no spaces, no exponents ("1e2"), no hex ("0x10"), no NaN or Infinity.
 * JSON numbers are read by their shortest form, so 1e21 (written "1e+21") is refused.
 */
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

export interface PlainDecimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

/** Splits a plain decimal, or undefined when the value is not one. */
export function plainDecimal(value: unknown): PlainDecimal | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const match = PLAIN.exec(String(value));
  if (!match) return undefined;
  return { negative: match[1] === '-', whole: match[2]!, fraction: match[3] ?? '' };
}

/**
 * The amount in minor units (cents for two digits): exact, from the digits written, never through
 * a binary fraction. Undefined when it has more decimals than `digits` or is past exact integers.
 */
export function toMinorUnits(value: unknown, digits: number): number | undefined {
  const d = plainDecimal(value);
  if (!d || d.fraction.length > digits) return undefined;
  const units = Number(`${d.whole}${d.fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(units)) return undefined;
  return d.negative ? -units : units;
}

export interface MoneyRule {
  /** Decimals allowed (default 2, cents). */
  digits?: number;
  /** Whether "-3.25" is allowed (default: no; a negative answers `negativeMessage`). */
  negative?: boolean;
  /** Whether 0 is allowed (default: yes). */
  zero?: boolean;
  /** The largest absolute value allowed. */
  max?: number;
  /** Form fields trim their text first; the API's own money fields (a site's conversion) do not. */
  trim?: boolean;
  /** The message of a value that is not such an amount (default: "This field is invalid"). */
  message?: string;
  /** The message of a negative value where none is allowed (default: "This field must be a positive number."). */
  negativeMessage?: string;
}

/** A money amount by the rule above, read as a number (dollars, or the currency's units). */
export function moneyAmount(rule: MoneyRule = {}) {
  const { digits = 2, negative = false, zero = true, max, trim = false, message = m.invalid, negativeMessage = m.positive } = rule;
  return z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: message }).transform((value, ctx) => {
    const raw = trim && typeof value === 'string' ? value.trim() : value;
    const units = toMinorUnits(raw, digits);
    if (units === undefined || (!zero && units === 0) || (max !== undefined && Math.abs(units) > max * 10 ** digits)) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    if (units < 0 && !negative) {
      ctx.addIssue({ code: 'custom', message: negativeMessage, input: value });
      return z.NEVER;
    }
    return units / 10 ** digits;
  });
}
