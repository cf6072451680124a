import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.ts';
import { amount, percentage, positiveNumber } from './numbers.ts';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

describe('two-decimal non-zero number', () => {
  it.each(['1', '12.5', '12.50', '-3.25', ' 7 ', 0.01, 99])('accepts %j', (v) => {
    expect(amount().safeParse(v).success).toBe(true);
  });
  it.each(['0', '0.00', 0, '1.234', 'abc', '1e3', '.5', '5.', '1,5', '', '--1'])('refuses %j with "This field is invalid"', (v) => {
    expect(message(amount().safeParse(v))).toBe(m.invalid);
  });
  it('gives a number', () => {
    expect(amount().parse('12.50')).toBe(12.5);
  });
  it('any integer number of cents other than zero passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }).filter((c) => c !== 0), (cents) => {
        const value = (cents / 100).toFixed(2);
        expect(amount().parse(value)).toBeCloseTo(cents / 100, 5);
      }),
    );
  });
});

describe('positive number', () => {
  it.each(['1', '0.5', 3, '1e2'])('accepts %j', (v) => expect(positiveNumber().safeParse(v).success).toBe(true));
  it.each(['0', 0, '-1', 'x', '', Number.POSITIVE_INFINITY])('refuses %j', (v) => {
    expect(message(positiveNumber().safeParse(v))).toBe('This field must be a positive number.');
  });
  it('agrees with n > 0 for every finite number', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(positiveNumber().safeParse(n).success).toBe(n > 0);
      }),
    );
  });
});

describe('percentage 0 to 100', () => {
  it.each(['0', '100', '55.5', 0, 100])('accepts %j', (v) => expect(percentage().safeParse(v).success).toBe(true));
  it.each(['-0.01', '100.01', 'abc', ''])('refuses %j', (v) => {
    expect(message(percentage().safeParse(v))).toBe('This field must be a positive number from 0 to 100');
  });
  it('agrees with 0 <= n <= 100', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, min: -1000, max: 1000 }), (n) => {
        expect(percentage().safeParse(n).success).toBe(n >= 0 && n <= 100);
      }),
    );
  });
});
