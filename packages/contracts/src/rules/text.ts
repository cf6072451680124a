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
