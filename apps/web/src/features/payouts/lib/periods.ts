import { addPeriods, FIRST_PERIOD } from '@portal/contracts';
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

/** Every billing period (a calendar month in Los Angeles) from the first to the current one, newest first. */
export function billingPeriods(now: Date = new Date()): string[] {
  const current = dayjs(now).tz(DISPLAY_TIME_ZONE).format('YYYY-MM');
  const periods: string[] = [];
  for (let p = FIRST_PERIOD; p <= current; p = addPeriods(p, 1)) periods.push(p);
  return periods.reverse();
}
