import { describe, expect, it } from 'vitest';
import { reportColumns } from './columns.ts';
import { readFilters, toQuery, writeFilters } from './filters.ts';

describe("the network's figures in the report", () => {
  it('are columns of staff only, right after Earnings, in money', () => {
    expect(reportColumns(false).map((c) => c.id)).not.toContain('revenue');
    const ids = reportColumns(true).map((c) => c.id);
    expect(ids.slice(ids.indexOf('earnings'), ids.indexOf('earnings') + 4)).toEqual(['earnings', 'revenue', 'cost', 'margin']);
    const margin = reportColumns(true).find((c) => c.id === 'margin')!;
    const row = { clicks: 0, unique_clicks: 0, valid_clicks: 0, invalid_clicks: 0, invalid_by_reason: { bot: 0, datacenter: 0, repeat: 0, burst: 0 }, conversions: 0, signups: 0, sales: 0, rebills: 0, refunds: 0, chargebacks: 0, earnings: 0, ratio: 0, epc: 0 };
    expect(margin.text({ ...row, margin: -12.5 })).toBe('-$12.50');
    expect(margin.csv({ ...row, margin: 1234.5 })).toBe('1234.50');
  });

  it('sort by any column: kept in the address and sent with the report, not with the daily chart of a grouped report', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const filters = readFilters(new URLSearchParams('group_by=offer&sort=margin&order=desc'), now);
    expect(filters).toMatchObject({ sort: 'margin', order: 'desc' });
    expect(writeFilters(filters, now).toString()).toBe('group_by=offer&sort=margin&order=desc');
    expect(toQuery(filters)).toMatchObject({ group_by: 'offer', sort: 'margin', order: 'desc' });
    expect(toQuery(filters, 'date')).not.toHaveProperty('sort');
    expect(readFilters(new URLSearchParams('sort=password&order=up'), now)).toMatchObject({ sort: '', order: '' });
  });
});
