import type { StatisticsRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { keyColumn, metricColumns } from './columns.ts';
import { toCsv } from './csv.ts';
import { formatDay, last30Days } from './days.ts';

const row = (over: Partial<StatisticsRow>): StatisticsRow => ({
  clicks: 1234,
  unique_clicks: 1000,
  valid_clicks: 1234,
  invalid_clicks: 0,
  invalid_by_reason: { bot: 0, datacenter: 0, repeat: 0, burst: 0 },
  conversions: 12,
  signups: 10,
  sales: 2,
  rebills: 0,
  refunds: 0,
  chargebacks: 0,
  earnings: 1234.5,
  ratio: 1.2,
  epc: 1,
  ...over,
});

describe('statistics CSV', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(toCsv(['a'], [['plain'], ['Sep 1, 2024'], ['say "hi"']])).toBe('a\r\nplain\r\n"Sep 1, 2024"\r\n"say ""hi"""\r\n');
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('writes a sub ID a visitor typed as text, never as a live formula, and keeps negative money', () => {
    const sub = keyColumn('sub1', '(none)', (d) => d);
    const earnings = metricColumns.find((c) => c.id === 'earnings')!;
    const rows = [row({ key: '=HYPERLINK("http://x","y")', earnings: -2.5 }), row({ key: '+1+1' })];
    const csv = toCsv(['Sub ID 1', 'Earnings'], rows.map((r) => [sub.csv(r), earnings.csv(r)]));
    expect(csv).toBe(`Sub ID 1,Earnings\r\n"'=HYPERLINK(""http://x"",""y"")",-2.50\r\n'+1+1,1234.50\r\n`);
  });

  it('holds the shown values, money with 2 decimals and no currency sign', () => {
    const earnings = metricColumns.find((c) => c.id === 'earnings')!;
    const clicks = metricColumns.find((c) => c.id === 'clicks')!;
    const ratio = metricColumns.find((c) => c.id === 'ratio')!;
    const r = row({ date: '2024-09-01' });
    expect(earnings.text(r)).toBe('$1,234.50');
    expect(earnings.csv(r)).toBe('1234.50');
    expect(clicks.text(r)).toBe('1,234');
    expect(clicks.csv(r)).toBe('1234');
    expect(ratio.text(r)).toBe('1.20%');
    expect(ratio.csv(r)).toBe('1.20');
    const key = keyColumn('date', '(none)', (d) => d);
    expect(key.text(r)).toBe('Sep 1, 2024');
    expect(keyColumn('sub1', '(none)', (d) => d).text(row({ key: '' }))).toBe('(none)');
    expect(keyColumn('device', '(none)', (d) => d.toUpperCase()).text(row({ key: 'vr' }))).toBe('VR');
  });

  it('shows calendar days without shifting them and defaults to the last 30 Los Angeles days', () => {
    expect(formatDay('2024-09-01')).toBe('Sep 1, 2024');
    // 05:00 UTC on Sep 2 is still Sep 1 in Los Angeles.
    expect(last30Days(new Date('2024-09-02T05:00:00Z'))).toEqual({ from: '2024-08-03', to: '2024-09-01' });
  });
});
