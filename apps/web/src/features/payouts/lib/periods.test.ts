import { describe, expect, it } from 'vitest';
import { billingPeriods } from './periods.ts';

describe('billing periods', () => {
  it('runs from September 2024 to the current month in Los Angeles, newest first', () => {
    // 05:00 UTC on 1 January is still 31 December in Los Angeles.
    const periods = billingPeriods(new Date('2025-01-01T05:00:00Z'));
    expect(periods).toEqual(['2024-12', '2024-11', '2024-10', '2024-09']);
    expect(billingPeriods(new Date('2025-01-01T09:00:00Z'))[0]).toBe('2025-01');
  });
});
