import { type ConversionLogQuery, type ConversionLogSort, conversionLogSortFields, conversionTypes, storedConversionStatuses } from '@portal/contracts';
import dayjs from 'dayjs';
import { todayInLosAngeles } from '../../../lib/format.ts';
import { subKeys } from '../../../lib/sub-keys.ts';

/** The log's filters, page and sort, kept in the address so a view can be shared, reloaded or linked to from Statistics. */
export interface LogFilters {
  from: string;
  to: string;
  status: string;
  type: string;
  site_id: number | undefined;
  offer_id: number | undefined;
  affiliate_id: number | undefined;
  sub1: string;
  sub2: string;
  sub3: string;
  sub4: string;
  sub5: string;
  page: number;
  per_page: number;
  sort: ConversionLogSort | undefined;
  order: 'asc' | 'desc' | undefined;
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (v: string | null) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' => (v && (list as readonly string[]).includes(v) ? (v as T) : '');
export const PER_PAGE = 25;

/** The default period: the last 30 days, today included, in the network's time zone (as Statistics). */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const to = todayInLosAngeles(now);
  return { from: dayjs(to).subtract(29, 'day').format('YYYY-MM-DD'), to };
}

export function readLogFilters(params: URLSearchParams, now: Date = new Date()): LogFilters {
  const range = defaultRange(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const perPage = Number(params.get('per_page'));
  return {
    from: day.test(from) ? from : range.from,
    to: day.test(to) ? to : range.to,
    status: oneOf(storedConversionStatuses, params.get('status')),
    type: oneOf(conversionTypes, params.get('type')),
    site_id: idOf(params.get('site_id')),
    offer_id: idOf(params.get('offer_id')),
    affiliate_id: idOf(params.get('affiliate_id')),
    sub1: params.get('sub1') ?? '',
    sub2: params.get('sub2') ?? '',
    sub3: params.get('sub3') ?? '',
    sub4: params.get('sub4') ?? '',
    sub5: params.get('sub5') ?? '',
    page: idOf(params.get('page')) ?? 1,
    per_page: [10, 25, 50, 100].includes(perPage) ? perPage : PER_PAGE,
    sort: oneOf(conversionLogSortFields, params.get('sort')) || undefined,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) || undefined,
  };
}

/** The address form: defaults and blanks are left out. */
export function writeLogFilters(filters: LogFilters, now: Date = new Date()): URLSearchParams {
  const range = defaultRange(now);
  const defaults: Partial<Record<keyof LogFilters, unknown>> = { from: range.from, to: range.to, page: 1, per_page: PER_PAGE };
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [keyof LogFilters, unknown][]) {
    if (value === undefined || value === '' || defaults[key] === value) continue;
    out.set(key, String(value));
  }
  return out;
}

/** The API query: blank filters are not sent. */
export function toLogQuery(f: LogFilters): ConversionLogQuery {
  const q: ConversionLogQuery = { from: f.from, to: f.to, page: f.page, per_page: f.per_page };
  if (f.status) q.status = f.status as ConversionLogQuery['status'];
  if (f.type) q.type = f.type as ConversionLogQuery['type'];
  if (f.site_id) q.site_id = f.site_id;
  if (f.offer_id) q.offer_id = f.offer_id;
  if (f.affiliate_id) q.affiliate_id = f.affiliate_id;
  for (const k of subKeys) if (f[k]) q[k] = f[k];
  if (f.sort) q.sort = f.sort;
  if (f.order) q.order = f.order;
  return q;
}
