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
