import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatMoney } from './format.ts';

describe('formatting', () => {
  it('shows dates as MMM D, YYYY in America/Los_Angeles', () => {
    expect(formatDate('2024-09-01T12:00:00Z')).toBe('Sep 1, 2024');
    // 03:00 UTC on the 2nd is still the 1st in Los Angeles.
    expect(formatDate('2024-09-02T03:00:00Z')).toBe('Sep 1, 2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows money in USD with 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('0.1')).toBe('$0.10');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatCents(199)).toBe('$1.99');
  });
});
