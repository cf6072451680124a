import type { CapPeriod } from '@portal/contracts';
import { addDays, dayStart, statsDay } from '../../lib/days.ts';

/** A total cap's one period. */
export const TOTAL_PERIOD_START = '1970-01-01';

/** The Los Angeles day a cap's period starts on at `now`: the day, its week's Monday, its month's first, or the one total period. */
export function periodStart(period: CapPeriod, now: Date): string {
  if (period === 'total') return TOTAL_PERIOD_START;
  const day = statsDay(now);
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  // Weeks start on Monday: getUTCDay of the calendar date (0 Sunday .. 6 Saturday).
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The Los Angeles day the next period starts on (null: a total cap never reopens). */
export function nextPeriodStart(period: CapPeriod, start: string): string | null {
  if (period === 'total') return null;
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** When the cap's current period ends and it reopens (null for a total cap). */
export function reopensAt(period: CapPeriod, now: Date): Date | null {
  const next = nextPeriodStart(period, periodStart(period, now));
  return next ? dayStart(next) : null;
}
