import type { StatisticsRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { conversionLogLink } from './conversion-log-link.ts';
import { type Filters, readFilters } from './filters.ts';

const filters = (query: string): Filters => readFilters(new URLSearchParams(query), new Date('2024-09-30T12:00:00Z'));
const row = (over: Partial<StatisticsRow>): StatisticsRow => ({ clicks: 1, unique_clicks: 1, valid_clicks: 0, invalid_clicks: 0, invalid_by_reason: { bot: 0, datacenter: 0, repeat: 0, burst: 0 }, conversions: 1, signups: 1, sales: 0, rebills: 0, refunds: 0, chargebacks: 0, earnings: 1, ratio: 1, epc: 1, ...over });
const params = (link: string | undefined) => Object.fromEntries(new URL(link!, 'http://x').searchParams);

describe('a statistics row opens the conversion log', () => {
  it('of its day, with the report filters it can apply', () => {
    const link = conversionLogLink(filters('from=2024-09-01&to=2024-09-30&site_id=3&sub1=blog'), row({ date: '2024-09-07' }));
    expect(link).toMatch(/^\/conversion-log\?/);
    expect(params(link)).toEqual({ from: '2024-09-07', to: '2024-09-07', site_id: '3', sub1: 'blog' });
  });

  it('of its site, offer, affiliate or sub ID over the report period', () => {
    expect(params(conversionLogLink(filters('from=2024-09-01&to=2024-09-30&group_by=offer'), row({ key: '12', label: 'Offer' })))).toEqual({ from: '2024-09-01', to: '2024-09-30', offer_id: '12' });
    expect(params(conversionLogLink(filters('group_by=affiliate&from=2024-09-01&to=2024-09-02'), row({ key: '5' })))).toMatchObject({ affiliate_id: '5' });
    // A sub ID such as "a&b=c" stays one value.
    expect(params(conversionLogLink(filters('group_by=sub2&from=2024-09-01&to=2024-09-02'), row({ key: 'a&b=c' })))).toMatchObject({ sub2: 'a&b=c' });
  });

  it('the totals row: the whole report', () => {
    expect(params(conversionLogLink(filters('from=2024-09-01&to=2024-09-30&offer_id=4')))).toEqual({ from: '2024-09-01', to: '2024-09-30', offer_id: '4' });
  });

  it('not where the log cannot show exactly those conversions', () => {
    expect(conversionLogLink(filters('group_by=country'), row({ key: 'US' }))).toBeUndefined();
    expect(conversionLogLink(filters('group_by=campaign'), row({ key: '2' }))).toBeUndefined();
    expect(conversionLogLink(filters('device=vr'), row({ date: '2024-09-07' }))).toBeUndefined();
    expect(conversionLogLink(filters('group_by=sub1'), row({ key: '' }))).toBeUndefined();
  });
});
