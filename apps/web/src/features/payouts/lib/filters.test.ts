import { describe, expect, it } from 'vitest';
import { amountParam, readFilters, writeFilters } from './filters.ts';

describe('payout filters in the address', () => {
  it('reads defaults from an empty address and writes nothing back', () => {
    const filters = readFilters(new URLSearchParams());
    expect(filters).toMatchObject({ section: 'to_approve', page: 1, per_page: 20, sort: 'period', order: 'desc' });
    expect(writeFilters(filters).toString()).toBe('');
  });

  it('keeps what was chosen and drops what is not a valid choice', () => {
    const filters = readFilters(new URLSearchParams('section=history&period=2024-10&method=paypal&page=3&per_page=7&sort=bogus&order=asc'));
    expect(filters).toMatchObject({ section: 'history', period: '2024-10', method: 'paypal', page: 3, per_page: 20, sort: 'period', order: 'asc' });
    expect(readFilters(new URLSearchParams('section=everything&period=October')).section).toBe('to_approve');
    expect(writeFilters(filters).toString()).toBe('section=history&period=2024-10&method=paypal&page=3&order=asc');
  });

  it('sends amounts only as dollars with up to two decimals', () => {
    expect(amountParam(' 100.5 ')).toBe('100.5');
    expect(amountParam('100.505')).toBeUndefined();
    expect(amountParam('-3')).toBeUndefined();
    expect(amountParam('')).toBeUndefined();
  });
});
