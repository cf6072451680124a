import { describe, expect, it } from 'vitest';
import { fromHundredths, revshareCents, toHundredths } from './money-units.ts';

describe('money units', () => {
  it('turns dollars and percent into hundredths and back, rounding to the nearest', () => {
    expect(toHundredths(12.5)).toBe(1250);
    expect(toHundredths(0.015)).toBe(2);
    expect(toHundredths(19.99)).toBe(1999);
    expect(fromHundredths(1999)).toBe(19.99);
    expect(fromHundredths(0)).toBe(0);
  });

  it('takes a revshare in integer arithmetic, half a cent rounded up', () => {
    expect(revshareCents(10_000, 3000)).toBe(3000);
    // 1.00 at 12.5 % = 12.5 cents -> 13; 1.00 at 12.49 % = 12.49 -> 12.
    expect(revshareCents(100, 1250)).toBe(13);
    expect(revshareCents(100, 1249)).toBe(12);
    expect(revshareCents(100, 1251)).toBe(13);
    expect(revshareCents(1, 4999)).toBe(0);
    expect(revshareCents(1, 5000)).toBe(1);
    expect(revshareCents(0, 5000)).toBe(0);
    expect(revshareCents(2_000_000_000, 10_000)).toBe(2_000_000_000);
  });
});
