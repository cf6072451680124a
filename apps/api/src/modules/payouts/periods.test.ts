import { describe, expect, it } from 'vitest';
import { closeCutoff, endedPeriods, laDate, periodEnd, periodOf, periodStart } from './periods.ts';

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

  it('starts January in the new year and ends December at the next January', () => {
    expect(periodStart('2025-01').toISOString()).toBe('2025-01-01T08:00:00.000Z');
    expect(periodEnd('2024-12').toISOString()).toBe('2025-01-01T08:00:00.000Z');
    expect(periodOf(new Date('2025-01-01T07:59:59Z'))).toBe('2024-12');
  });

  it('counts a period as ended from the first instant of the next', () => {
    expect(endedPeriods(new Date('2024-10-01T06:59:59.999Z'))).toEqual([]);
    expect(endedPeriods(new Date('2024-10-01T07:00:00Z'))).toEqual(['2024-09']);
  });

  it('takes the end of the period as the cutoff when the hold has passed, to the millisecond', () => {
    const end = new Date('2026-11-01T07:00:00Z');
    const afterHold = new Date(end.getTime() + 14 * 86_400_000 + 1);
    expect(closeCutoff('2026-10', afterHold, 14).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    const justBefore = new Date(end.getTime() + 14 * 86_400_000 - 1);
    expect(closeCutoff('2026-10', justBefore, 14).toISOString()).toBe('2026-11-01T06:59:59.999Z');
  });

  it('names the Los Angeles day of a moment', () => {
    expect(laDate(new Date('2026-11-01T06:59:59Z'))).toBe('2026-10-31');
    expect(laDate(new Date('2026-11-01T07:00:00Z'))).toBe('2026-11-01');
    expect(laDate(new Date('2025-01-09T20:30:00Z'))).toBe('2025-01-09');
    expect(laDate(new Date('2025-01-10T07:59:59Z'))).toBe('2025-01-09');
  });
});
