import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { isStorableText } from './storable.ts';

/** A text input: trimmed (SPEC.md section 5), storable (no NUL), optionally bounded. */
export function text(options: { min?: number; max?: number } = {}) {
  let schema = z.string({ error: m.required }).trim().refine(isStorableText, m.invalid);
  if (options.min !== undefined) schema = schema.min(options.min, m.minLength(options.min));
  if (options.max !== undefined) schema = schema.max(options.max, `This field must be at most ${options.max} characters`);
  return schema;
}

/** Minimum length N with the SPEC.md message; counts characters after trimming. */
export const minLength = (n: number) => text({ min: n });

/**
 * Characters a name never holds: C0 and C1 controls (tab and newline included: a name is one
 * line), DEL, and the bidirectional embeddings, overrides and isolates (U+202A to U+202E,
 * U+2066 to U+2069) that can make a name read differently from what it is.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const NOT_IN_NAMES = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A name holds none of the control or text-direction characters above. */
export const isPlainName = (value: string): boolean => !NOT_IN_NAMES.test(value);

/**
 * The one rule for names (people, companies, account holders, banks, sites, offers, campaigns,
 * roles...): a trimmed text (see `text`) without control or text-direction characters.
 */
export function nameText(options: { min?: number; max?: number } = {}) {
  return text(options).refine(isPlainName, m.plainName);
}
