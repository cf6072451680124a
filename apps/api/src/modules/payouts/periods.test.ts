import { describe, expect, it } from 'vitest';
import { closeCutoff, endedPeriods, periodEnd, periodOf, periodStart } from './periods.ts';

describe('payout periods in Los Angeles', () => {
  it('starts a winter month at 08:00 UTC and a summer month at 07:00 UTC', () => {
    expect(periodStart('2024-12').toISOString()).toBe('2024-12-01T08:00:00.000Z');
    expect(periodStart('2025-07').toISOString()).toBe('2025-07-01T07:00:00.000Z');
  });

  it('ends a month where the next begins, across the daylight-saving change', () => {
    // November 2026 begins on a Sunday, the day clocks go back at 02:00: midnight is still summer time.
    expect(periodStart('2026-11').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(periodEnd('2026-10').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(periodEnd('2025-02').toISOString()).toBe('2025-03-01T08:00:00.000Z');
  });

  it('puts the last second of a month in that month', () => {
    expect(periodOf(new Date('2026-11-01T06:59:59Z'))).toBe('2026-10');
    expect(periodOf(new Date('2026-11-01T07:00:00Z'))).toBe('2026-11');
  });

  it('lists the ended periods from September 2024', () => {
    const ended = endedPeriods(new Date('2025-01-15T00:00:00Z'));
    expect(ended).toEqual(['2024-09', '2024-10', '2024-11', '2024-12']);
  });

  it('holds back the earnings younger than the hold', () => {
    const now = new Date('2026-11-05T00:00:00Z');
    expect(closeCutoff('2026-10', now, 14).toISOString()).toBe('2026-10-22T00:00:00.000Z');
    expect(closeCutoff('2026-10', now, 0).toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });
});
