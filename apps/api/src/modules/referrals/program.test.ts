import { describe, expect, it } from 'vitest';
import { commissionCents } from './program.ts';

describe('referral commission in cents', () => {
  it('is the rate of the earning, rounded half up to the cent', () => {
    // 5 % of 13.33 = 0.6665 -> 0.67; of 9.99 = 0.4995 -> 0.50; of 0.09 = 0.0045 -> 0.00; of 0.10 = 0.005 -> 0.01.
    expect(commissionCents(1333, 500)).toBe(67);
    expect(commissionCents(999, 500)).toBe(50);
    expect(commissionCents(9, 500)).toBe(0);
    expect(commissionCents(10, 500)).toBe(1);
    expect(commissionCents(2000, 1000)).toBe(200);
    expect(commissionCents(2000, 0)).toBe(0);
  });
});
