import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/** The largest id a database row has (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;
/** An id written plainly: no sign, space, leading zero, exponent, hex or decimal point. */
export const ID_PATTERN = /^[1-9][0-9]*$/;

const inRange = (n: number) => n <= ID_MAX;

/** An id in a path or a query: the text `^[1-9][0-9]*$` up to `ID_MAX`, read as a number. */
export function idText(message: string = m.invalid) {
  return z.string({ error: message }).regex(ID_PATTERN, message).transform(Number).refine(inRange, message);
}

/** An id in a body: the same rule, as a JSON number or as text (form fields). */
export function id(message: string = m.invalid) {
  return z.union([z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message), idText(message)], { error: message });
}
