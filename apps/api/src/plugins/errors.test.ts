import { describe, expect, it } from 'vitest';
import { fieldName } from './errors.ts';

describe('field names of validation errors', () => {
  it('puts an item of a list on the list and keeps the row of an inner block', () => {
    expect(fieldName('/email')).toBe('email');
    expect(fieldName('/methods/0')).toBe('methods');
    expect(fieldName('/ranges/1/from')).toBe('ranges.1.from');
    expect(fieldName('/geo_targeting/0/country')).toBe('geo_targeting.0.country');
    expect(fieldName('')).toBe('_');
  });
});
