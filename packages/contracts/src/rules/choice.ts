import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { optional, required } from './field.ts';

const ID = /^[1-9][0-9]*$/;

/** A record picked in a select: a whole number above zero, as a number or as its digits. */
function idRule() {
  return z
    .custom<string | number>((v) => (typeof v === 'number' ? Number.isSafeInteger(v) && v > 0 : typeof v === 'string' && ID.test(v.trim())), { error: m.invalid })
    .transform((v) => Number(typeof v === 'string' ? v.trim() : v));
}

/** A select that must be filled: empty says "This field is required", never a number's bounds. */
export const selectId = (message: string = m.required) => required(idRule(), message);

/** A select that may stay empty: empty becomes null (so clearing it is sent as a clear). */
export const optionalSelectId = () => optional(idRule());

/** One of a fixed list of values (a select of options): empty is required, anything else invalid. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string = m.required) => required(z.enum(values, { error: m.invalid }), message);
