import type { StatisticsRow } from '@portal/contracts';
import type { Filters } from './filters.ts';

/** Groups whose key the conversion log filters by (the others: campaign, country, device, creative, it does not). */
const byKey: Partial<Record<Filters['group_by'], string>> = { site: 'site_id', offer: 'offer_id', affiliate: 'affiliate_id', sub1: 'sub1', sub2: 'sub2', sub3: 'sub3', sub4: 'sub4', sub5: 'sub5' };

/**
 * The conversion log filtered to one row of the report (a day, site, offer, affiliate or sub ID;
 * the totals row when `row` is undefined), or undefined where the log cannot show exactly those
 * conversions: a filter or grouping it has not (campaign, country, device, creative), a row without a value.
 */
export function conversionLogLink(filters: Filters, row?: StatisticsRow): string | undefined {
  if (filters.campaign_id || filters.country || filters.device) return undefined;
  const q = new URLSearchParams({ from: filters.from, to: filters.to });
  for (const k of ['site_id', 'offer_id', 'affiliate_id', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const) {
    const v = filters[k];
    if (v !== undefined && v !== '') q.set(k, String(v));
  }
  if (row) {
    if (filters.group_by === 'date') {
      if (!row.date) return undefined;
      q.set('from', row.date);
      q.set('to', row.date);
    } else {
      const param = byKey[filters.group_by];
      if (!param || !row.key || row.key === '0') return undefined;
      q.set(param, row.key);
    }
  }
  return `/conversion-log?${q.toString()}`;
}
