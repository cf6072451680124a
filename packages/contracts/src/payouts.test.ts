import { describe, expect, it } from 'vitest';
import { addPeriods, payoutListQuerySchema, periodLabel, periodSchema, rejectPayoutRequestSchema } from './payouts.ts';

describe('payout periods', () => {
  it('counts months across years', () => {
    expect(addPeriods('2024-12', 1)).toBe('2025-01');
    expect(addPeriods('2025-01', -1)).toBe('2024-12');
    expect(addPeriods('2024-09', 26)).toBe('2026-11');
  });

  it('accepts months from September 2024 only', () => {
    expect(periodSchema.safeParse('2024-09').success).toBe(true);
    expect(periodSchema.safeParse('2024-08').success).toBe(false);
    expect(periodSchema.safeParse('2025-13').success).toBe(false);
    expect(periodSchema.safeParse('2025-1').success).toBe(false);
  });

  it('names a period by month and year', () => {
    expect(periodLabel('2024-09')).toBe('September 2024');
  });
});

describe('payout requests', () => {
  it('reads a comma list of statuses and refuses an unknown one', () => {
    expect(payoutListQuerySchema.parse({ status: 'to_pay,paid' }).status).toEqual(['to_pay', 'paid']);
    expect(payoutListQuerySchema.safeParse({ status: 'to_pay,lost' }).success).toBe(false);
  });

  it('needs a reject reason', () => {
    const r = rejectPayoutRequestSchema.safeParse({ reject_reason: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('This field is required');
  });
});
