import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { formatCents, formatDate, formatDateTime, formatMoney, formatPercent } from './format.ts';

describe('formatting', () => {
  it('shows dates as MMM D, YYYY in the network time zone (Los Angeles)', () => {
    expect(formatDate('2024-09-01T12:00:00Z')).toBe('Sep 1, 2024');
    // 03:00 UTC on the 2nd is still the 1st in Los Angeles.
    expect(formatDate('2024-09-02T03:00:00Z')).toBe('Sep 1, 2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows a moment with its time zone named (PST in winter, PDT in summer)', () => {
    expect(formatDateTime('2026-11-26T14:05:00Z')).toBe('Nov 26, 2026, 6:05 AM PST');
    expect(formatDateTime('2026-07-01T19:30:00Z')).toBe('Jul 1, 2026, 12:30 PM PDT');
    expect(formatDateTime(null)).toBe('');
  });

  it('shows money in USD with 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('0.1')).toBe('$0.10');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatCents(199)).toBe('$1.99');
  });

  it('writes a percentage one way: "5%", no space before the sign, in code and in every text', () => {
    expect(formatPercent(5)).toBe('5%');
    expect(formatPercent('24.5')).toBe('24.5%');
    expect(formatPercent(12.345)).toBe('12.35%');
    const texts: string[] = [];
    const walk = (v: unknown) => (typeof v === 'string' ? texts.push(v) : v && typeof v === 'object' ? Object.values(v).forEach(walk) : undefined);
    walk(en);
    expect(texts.filter((s) => /(\d|}})\s+%/.test(s))).toEqual([]);
  });
});
