import { type StatisticsQuery, type StatisticsSort, statisticsGroupBy, statisticsSortKeys } from '@portal/contracts';
import type { GroupBy } from './columns.ts';
import { subKeys } from '../../../lib/sub-keys.ts';
import { last30Days } from './days.ts';

/** The report's filters, kept in the page address so a report can be bookmarked and shared. */
export interface Filters {
  from: string;
  to: string;
  site_id: number | undefined;
  offer_id: number | undefined;
  campaign_id: number | undefined;
  affiliate_id: number | undefined;
  country: string;
  device: string;
  sub1: string;
  sub2: string;
  sub3: string;
  sub4: string;
  sub5: string;
  group_by: GroupBy;
  /** The column the table is sorted by ('' for the report's own order) and its direction. */
  sort: StatisticsSort | '';
  order: 'asc' | 'desc' | '';
}

const groups: readonly GroupBy[] = statisticsGroupBy;
const day = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const sortOf = (v: string | null): StatisticsSort | '' => ((statisticsSortKeys as readonly string[]).includes(v ?? '') ? (v as StatisticsSort) : '');

export function readFilters(params: URLSearchParams, now: Date = new Date()): Filters {
  const range = last30Days(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const group = params.get('group_by') as GroupBy | null;
  return {
    from: day.test(from) ? from : range.from,
    to: day.test(to) ? to : range.to,
    site_id: idOf(params.get('site_id')),
    offer_id: idOf(params.get('offer_id')),
    campaign_id: idOf(params.get('campaign_id')),
    affiliate_id: idOf(params.get('affiliate_id')),
    country: params.get('country') ?? '',
    device: params.get('device') ?? '',
    sub1: params.get('sub1') ?? '',
    sub2: params.get('sub2') ?? '',
    sub3: params.get('sub3') ?? '',
    sub4: params.get('sub4') ?? '',
    sub5: params.get('sub5') ?? '',
    group_by: group && groups.includes(group) ? group : 'date',
    sort: sortOf(params.get('sort')),
    order: params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : '',
  };
}

/** The address form: defaults and blanks are left out. */
export function writeFilters(filters: Filters, now: Date = new Date()): URLSearchParams {
  const range = last30Days(now);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    if ((key === 'from' && value === range.from) || (key === 'to' && value === range.to) || (key === 'group_by' && value === 'date')) continue;
    out.set(key, String(value));
  }
  return out;
}

/** The API query: blank filters are not sent. */
export function toQuery(filters: Filters, groupBy: GroupBy = filters.group_by): StatisticsQuery {
  const query: StatisticsQuery = { from: filters.from, to: filters.to, group_by: groupBy };
  if (filters.site_id) query.site_id = filters.site_id;
  if (filters.offer_id) query.offer_id = filters.offer_id;
  if (filters.campaign_id) query.campaign_id = filters.campaign_id;
  if (filters.affiliate_id) query.affiliate_id = filters.affiliate_id;
  if (filters.country) query.country = filters.country;
  if (filters.device) query.device = filters.device as StatisticsQuery['device'];
  for (const k of subKeys) if (filters[k]) query[k] = filters[k];
  if (filters.sort && groupBy === filters.group_by) {
    query.sort = filters.sort;
    if (filters.order) query.order = filters.order;
  }
  return query;
}
