import { addPeriods, FIRST_PERIOD } from '@portal/contracts';
import { dayStart, statsDay } from '../../lib/days.ts';

/** The first instant of a period: midnight on the 1st in Los Angeles. */
export function periodStart(period: string): Date {
  return dayStart(`${period}-01`);
}

/** The first instant of a day written YYYY-MM-DD: midnight in Los Angeles (tracking's `dayStart`). */
export { dayStart };

/** The first instant after a period. */
export const periodEnd = (period: string): Date => periodStart(addPeriods(period, 1));

/** The period `date` falls in (YYYY-MM in Los Angeles). */
export function periodOf(date: Date): string {
  return statsDay(date).slice(0, 7);
}

/** The periods from September 2024 that have ended by `now`, oldest first. */
export function endedPeriods(now: Date): string[] {
  const out: string[] = [];
  for (let p = FIRST_PERIOD; periodEnd(p) <= now; p = addPeriods(p, 1)) out.push(p);
  return out;
}

/** Ledger rows created before this moment are payable at a close made at `now`. */
export function closeCutoff(period: string, now: Date, holdDays: number): Date {
  return new Date(Math.min(periodEnd(period).getTime(), now.getTime() - holdDays * 86_400_000));
}

/** 'YYYY-MM-DD' of a moment in Los Angeles (tracking's `statsDay`). */
export const laDate = statsDay;
