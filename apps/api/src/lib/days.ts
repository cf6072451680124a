import { NETWORK_TIME_ZONE } from '@portal/contracts';

/** Statistics days are calendar days in the network's time zone, America/Los_Angeles (SPEC.md section 9). */

const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: NETWORK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of the Los Angeles day that `date` falls in. */
export function statsDay(date: Date): string {
  // Days change on a minute boundary in every time zone: one formatting per minute is enough.
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastMinute = minute;
    lastDay = formatter.format(date);
  }
  return lastDay;
}
let lastMinute = Number.NaN;
let lastDay = '';

/** The day `n` days after a 'YYYY-MM-DD' day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

const clock = new Intl.DateTimeFormat('en-US', {
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
  const p = Object.fromEntries(clock.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The first instant of a Los Angeles day written YYYY-MM-DD: its midnight (07:00 or 08:00 UTC). */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Midnight is never inside a daylight-saving jump (they happen at 02:00), so one correction is exact.
  const guess = wall - offsetMinutes(wall) * 60_000;
  return new Date(wall - offsetMinutes(guess) * 60_000);
}
