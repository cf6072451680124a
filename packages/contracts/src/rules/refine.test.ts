import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { required } from './field.ts';
import { findDuplicates, mustBeUnique, passwordsMatch, requiredWhen, whenObject } from './refine.ts';
import { text } from './text.ts';

describe('password repeat', () => {
  const schema = z.object({ name: required(text()), password: text(), password_confirmation: text() }).refine(...passwordsMatch());

  it('puts "Password mismatch" on the confirmation', () => {
    const r = schema.safeParse({ name: 'a', password: 'secret12', password_confirmation: 'secret13' });
    expect(r.error?.issues).toMatchObject([{ message: 'Password mismatch', path: ['password_confirmation'] }]);
  });

  it('is checked while another field is still wrong', () => {
    const r = schema.safeParse({ name: '', password: 'secret12', password_confirmation: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([m.required, m.passwordMismatch]);
  });

  it('passes when both are equal', () => {
    expect(schema.safeParse({ name: 'a', password: 'secret12', password_confirmation: 'secret12' }).success).toBe(true);
  });

  it('takes other field names', () => {
    const other = z.object({ pass: z.string(), again: z.string() }).refine(...passwordsMatch<{ pass: string; again: string }>('pass', 'again'));
    expect(other.safeParse({ pass: 'a', again: 'b' }).error?.issues[0]?.path).toEqual(['again']);
  });
});

describe('mustBeUnique', () => {
  const ranges = z.array(z.object({ from: z.string(), to: z.string() })).superRefine(mustBeUnique('from'));

  it('marks each repeat, not the first one, with "Field must be unique"', () => {
    const r = ranges.safeParse([
      { from: '1', to: 'a' },
      { from: '2', to: 'a' },
      { from: ' 1 ', to: 'b' },
      { from: '2', to: 'c' },
    ]);
    expect(r.error?.issues).toMatchObject([
      { message: 'Field must be unique', path: [2, 'from'] },
      { message: 'Field must be unique', path: [3, 'from'] },
    ]);
  });

  it('compares text ignoring case and outer blanks, and never counts blanks', () => {
    expect(findDuplicates([{ a: 'X' }, { a: ' x' }], 'a')).toEqual([1]);
    expect(findDuplicates([{ a: '' }, { a: '' }, { a: '-' }, { a: null }], 'a')).toEqual([]);
    expect(findDuplicates([{ a: 0 }, { a: 0 }], 'a')).toEqual([1]);
  });

  it('reports exactly length minus distinct values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 })), (values) => {
        const items = values.map((v) => ({ v }));
        expect(findDuplicates(items, 'v')).toHaveLength(values.length - new Set(values).size);
      }),
    );
  });
});

describe('requiredWhen', () => {
  const schema = z
    .object({ payout_type: z.string(), percent: z.string().optional() })
    .superRefine(requiredWhen('percent', (v) => v.payout_type === 'revshare'));

  it('requires the field only while the condition holds', () => {
    expect(schema.safeParse({ payout_type: 'revshare', percent: '' }).error?.issues).toMatchObject([{ message: m.required, path: ['percent'] }]);
    expect(schema.safeParse({ payout_type: 'cpa' }).success).toBe(true);
    expect(schema.safeParse({ payout_type: 'revshare', percent: '0' }).success).toBe(true);
  });
});

describe('form-wide checks on what is not a form', () => {
  const schema = z.object({ password: text({ min: 8 }), password_confirmation: text() }).refine(...passwordsMatch());
  const messages = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('runs only on an object', () => {
    expect(whenObject({ value: {} })).toBe(true);
    expect(whenObject({ value: { a: 1 } })).toBe(true);
    expect(whenObject({ value: null })).toBe(false);
    expect(whenObject({ value: undefined })).toBe(false);
    expect(whenObject({ value: [] })).toBe(false);
    expect(whenObject({ value: 'text' })).toBe(false);
    expect(whenObject({ value: 1 })).toBe(false);
  });

  it('answers a null body with one message instead of reading its fields', () => {
    expect(() => schema.safeParse(null)).not.toThrow();
    expect(messages(null)).toHaveLength(1);
    expect(messages(undefined)).toHaveLength(1);
  });

  it('leaves the mismatch unsaid while the password itself is wrong, and says it once the password is right', () => {
    expect(messages({ password: 'short', password_confirmation: 'other' })).toEqual(['password: This field must be at least 8 characters']);
    expect(messages({ password: 'long enough', password_confirmation: 'other' })).toEqual([`password_confirmation: ${m.passwordMismatch}`]);
    expect(messages({ password: 'long enough', password_confirmation: 5 })).not.toContain(`password_confirmation: ${m.passwordMismatch}`);
  });
});
