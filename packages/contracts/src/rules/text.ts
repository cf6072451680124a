import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { isStorableText } from './storable.ts';

/**
 * Characters no text holds, even one of several lines: C0 controls other than tab, newline and
 * carriage return, DEL, C1 controls, the bidirectional embeddings, overrides and isolates
 * (U+202A to U+202E, U+2066 to U+2069) that make text read differently from what it is, and the
 * line and paragraph separators (U+2028, U+2029) that break a line where no newline is seen.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const NOT_IN_TEXT = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

/** True when a text (of one line or several) holds none of the characters above. */
export const isPlainText = (value: string): boolean => !NOT_IN_TEXT.test(value);

/**
 * A text input of one line or several (descriptions, messages, addresses typed in a text area):
 * trimmed (SPEC.md section 5), storable (no NUL), newlines kept, none of the characters above,
 * optionally bounded. A field of one line uses `lineText`.
 */
export function text(options: { min?: number; max?: number } = {}) {
  return checkedText(options, isPlainText);
}

function checkedText(options: { min?: number; max?: number }, plain: (value: string) => boolean) {
  let schema = z.string({ error: m.required }).trim().refine(isStorableText, m.invalid).refine(plain, m.plainName);
  if (options.min !== undefined) schema = schema.min(options.min, m.minLength(options.min));
  if (options.max !== undefined) schema = schema.max(options.max, `This field must be at most ${options.max} characters`);
  return schema;
}

/** Minimum length N with the SPEC.md message; counts characters after trimming. */
export const minLength = (n: number) => text({ min: n });

/**
 * Characters a single line never holds: every C0 and C1 control (tab and newline included), DEL,
 * the text-direction controls and the line and paragraph separators (U+2028, U+2029).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const NOT_IN_A_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

/** A single line (a name, a city, a phone number) holds none of the characters above. */
export const isPlainName = (value: string): boolean => !NOT_IN_A_LINE.test(value);
export const isPlainLine = isPlainName;

/**
 * The one rule for every single-line text field (names of people, companies, account holders,
 * banks, sites, offers, campaigns, roles; addresses, cities, postal codes, phones, chat ids,
 * titles, subjects, references...): a trimmed text (see `text`) on one line, without control or
 * text-direction characters.
 */
export function lineText(options: { min?: number; max?: number } = {}) {
  return checkedText(options, isPlainLine);
}

/** Names are single lines: `lineText` under the name the name fields use. */
export const nameText = lineText;
