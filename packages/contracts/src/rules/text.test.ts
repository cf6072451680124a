import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.ts';
import { minLength, text } from './text.ts';

describe('text', () => {
  it('trims', () => {
    expect(text().parse('  a b \n')).toBe('a b');
  });

  it('refuses non-strings with the required message', () => {
    expect(text().safeParse(undefined).error?.issues[0]?.message).toBe(m.required);
  });

  it('minimum length N has the SPEC.md message and counts trimmed characters', () => {
    expect(minLength(3).safeParse('  ab  ').error?.issues[0]?.message).toBe('This field must be at least 3 characters');
    expect(minLength(3).parse(' abc ')).toBe('abc');
    expect(m.minLength(8)).toBe('This field must be at least 8 characters');
  });

  it('maximum length', () => {
    expect(text({ max: 2 }).safeParse('abc').success).toBe(false);
    expect(text({ max: 2 }).parse(' ab ')).toBe('ab');
  });

  it('trimming is idempotent and never leaves outer blanks', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = text().parse(s);
        expect(text().parse(once)).toBe(once);
        expect(once).toBe(s.trim());
      }),
    );
  });
});
