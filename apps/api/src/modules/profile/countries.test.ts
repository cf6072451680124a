import { describe, expect, it } from 'vitest';
import { countries } from './countries.ts';

describe('the country list', () => {
  it('holds the current countries once each, by name', () => {
    const codes = countries.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries.filter((c) => c.name === 'Germany')).toEqual([{ code: 'DE', name: 'Germany' }]);
    expect(countries).toContainEqual({ code: 'RU', name: 'Russia' });
    expect(countries).toContainEqual({ code: 'RS', name: 'Serbia' });
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries).toContainEqual({ code: 'BJ', name: 'Benin' });
  });

  it('leaves out retired and reserved codes', () => {
    const codes = new Set(countries.map((c) => c.code));
    expect(['DD', 'SU', 'YU', 'CS', 'UK', 'AN', 'DY', 'ZR', 'TP', 'BU', 'EU', 'ZZ'].filter((retired) => codes.has(retired))).toEqual([]);
  });

  it('is sorted by name for the form', () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.every((n) => !/^[A-Z]{2}$/.test(n))).toBe(true);
  });
});
