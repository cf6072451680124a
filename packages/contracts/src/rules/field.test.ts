import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { optional, required } from './field.ts';
import { positiveNumber } from './numbers.ts';
import { text } from './text.ts';
import { siteUrl } from './urls.ts';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('required', () => {
  it.each([undefined, null, '', '  ', '-', []])('refuses %j with the required message only', (value) => {
    expect(messages(required(siteUrl()), value)).toEqual([m.required]);
  });

  it('zero counts as filled', () => {
    expect(required(z.number()).parse(0)).toBe(0);
    expect(required(z.union([z.string(), z.number()])).parse('0')).toBe('0');
  });

  it('a filled value still has to pass the rule', () => {
    expect(messages(required(siteUrl()), 'nope')).toEqual([m.url]);
    expect(messages(required(positiveNumber()), '-3')).toEqual([m.positive]);
  });

  it('takes the message with a full stop where a screen wants it', () => {
    expect(messages(required(text(), m.requiredWithStop), '')).toEqual(['This field is required.']);
  });

  it('trims what passes', () => {
    expect(required(text()).parse('  Jane  ')).toBe('Jane');
  });
});

describe('optional', () => {
  it.each([undefined, null, '', ' ', '-', []])('turns %j into the empty value', (value) => {
    expect(optional(siteUrl(), '').parse(value)).toBe('');
    expect(optional(positiveNumber()).parse(value)).toBeNull();
  });

  it('checks a filled value against the rule', () => {
    expect(messages(optional(siteUrl(), ''), 'not a url')).toEqual([m.url]);
    expect(optional(positiveNumber()).parse('2.5')).toBe(2.5);
  });

  it('keeps the rule paths of nested values', () => {
    const r = optional(z.object({ a: z.string().min(2, 'short') })).safeParse({ a: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['a']);
  });
});
