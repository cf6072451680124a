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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** USD with 2 decimals: "$1,234.50". Amounts in cents (the API's integers) go through `formatCents`. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return usd.format(n === null || n === undefined || !Number.isFinite(n) ? 0 : n);
}

export function formatCents(cents: number | bigint | null | undefined): string {
  return formatMoney(cents === null || cents === undefined ? 0 : Number(cents) / 100);
}
