import { describe, expect, it } from 'vitest';
import { CountedVisitors } from './click-writer.ts';

const HOUR = 3600_000;

describe('the visitors an instance remembers as counted', () => {
  it('knows a visitor counted on an offer for 24 hours, on that offer only', () => {
    const v = new CountedVisitors(10);
    const t = Date.parse('2026-11-23T10:00:00Z');
    v.remember('visitor-a', 1, t);
    expect(v.countedWithinWindow('visitor-a', 1, t + 23 * HOUR)).toBe(true);
    expect(v.countedWithinWindow('visitor-a', 1, t + 24 * HOUR)).toBe(false);
    expect(v.countedWithinWindow('visitor-a', 2, t + HOUR)).toBe(false);
    expect(v.countedWithinWindow('visitor-b', 1, t + HOUR)).toBe(false);
  });

  it('keeps a bounded number, forgetting the oldest first (the database decides for those)', () => {
    const v = new CountedVisitors(3);
    const t = Date.parse('2026-11-23T10:00:00Z');
    for (const [i, name] of ['a', 'b', 'c'].entries()) v.remember(name, 1, t + i);
    v.remember('a', 1, t + 10); // counted again: now the newest
    v.remember('d', 1, t + 11);
    expect(['a', 'b', 'c', 'd'].map((n) => v.countedWithinWindow(n, 1, t + HOUR))).toEqual([true, false, true, true]);
  });
});
