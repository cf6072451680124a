import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { optional, required } from './field.ts';
import { id as idRule } from './ids.ts';

/** A select that must be filled: empty says "This field is required", never a number's bounds. */
export const selectId = (message: string = m.required) => required(idRule(), message);

/** A select that may stay empty: empty becomes null (so clearing it is sent as a clear). */
export const optionalSelectId = () => optional(idRule());

/** One of a fixed list of values (a select of options): empty is required, anything else invalid. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string = m.required) => required(z.enum(values, { error: m.invalid }), message);
