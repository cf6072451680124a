import { addPeriods, FIRST_PERIOD, NETWORK_TIME_ZONE } from '@portal/contracts';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: NETWORK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes Los Angeles is ahead of UTC at `ms` (negative: -480 in winter, -420 in summer). */
function offsetMinutes(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The first instant of a period: midnight on the 1st in Los Angeles. */
export function periodStart(period: string): Date {
  return dayStart(`${period}-01`);
}

/** The first instant of a day written YYYY-MM-DD: midnight in Los Angeles. */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Midnight is never inside a daylight-saving jump (they happen at 02:00), so one correction is exact.
  const guess = wall - offsetMinutes(wall) * 60_000;
  return new Date(wall - offsetMinutes(guess) * 60_000);
}

/** The first instant after a period. */
export const periodEnd = (period: string): Date => periodStart(addPeriods(period, 1));

/** The period `date` falls in (YYYY-MM in Los Angeles). */
export function periodOf(date: Date): string {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}`;
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

/** 'YYYY-MM-DD' of a moment in Los Angeles. */
export function laDate(date: Date): string {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}
