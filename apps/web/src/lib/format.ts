import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { NETWORK_TIME_ZONE } from '@portal/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC.md section 9: every date is shown in the network's time zone. */
export const DISPLAY_TIME_ZONE = NETWORK_TIME_ZONE;
/** SPEC.md section 5: dates shown as "MMM D, YYYY". */
export const DATE_FORMAT = 'MMM D, YYYY';
/** SPEC.md section 9 (the theme sets it as the tooltips' enterDelay). */
export const TOOLTIP_DELAY_MS = 300;

/** "Sep 1, 2024" in America/Los_Angeles; '' for a missing or unreadable date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.tz(DISPLAY_TIME_ZONE).format(DATE_FORMAT) : '';
}

const dateTime = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** "Nov 26, 2026, 6:15 AM PST": a moment in the display time zone, which it names. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** A calendar day as the API sends it ('1990-05-17') as "May 17, 1990": no time zone to shift it. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const day = dayjs(value, 'YYYY-MM-DD');
  return day.isValid() ? day.format(DATE_FORMAT) : value;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** USD with 2 decimals: "$1,234.50". Amounts in cents (the API's integers) go through `formatCents`. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return usd.format(n === null || n === undefined || !Number.isFinite(n) ? 0 : n);
}

export { formatPercent } from './percent.ts';

export function formatCents(cents: number | bigint | null | undefined): string {
  return formatMoney(cents === null || cents === undefined ? 0 : Number(cents) / 100);
}

/** Today in Los Angeles as 'YYYY-MM-DD' (the day the server counts in). */
export function todayInLosAngeles(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
