import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

const WIRE = 'YYYY-MM-DD';

/** Today as a calendar day in the network's time zone (SPEC.md section 9). */
export function todayInNetwork(now: Date = new Date()): string {
  return dayjs(now).tz(DISPLAY_TIME_ZONE).format(WIRE);
}

/** The default report period: the last 30 days, today included. */
export function last30Days(now: Date = new Date()): { from: string; to: string } {
  const to = todayInNetwork(now);
  return { from: dayjs(to).subtract(29, 'day').format(WIRE), to };
}

/** A calendar day ("2024-09-01") as "Sep 1, 2024"; a day has no time zone to convert. */
export function formatDay(day: string): string {
  const d = dayjs(day, WIRE);
  return d.isValid() ? d.format('MMM D, YYYY') : day;
}
