import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { isBlank } from './empty.ts';

/**
 * A rule made mandatory: a blank value (see `isBlank`) fails with the required message only,
 * so a person never reads "must be a url" under a field they have not typed in yet.
 */
export function required<T extends z.ZodType>(rule: T, message: string = m.required) {
  return z
    .custom<z.input<T>>()
    .refine((value) => !isBlank(value), { error: message })
    .pipe(rule as unknown as z.ZodType<z.output<T>, z.input<T>>);
}

/**
 * A rule made optional: a blank value becomes `empty` (so clearing a field is sent as a clear,
 * not dropped), anything else must pass the rule.
 */
export function optional<T extends z.ZodType, E extends string | null | undefined = null>(rule: T, empty: E = null as E) {
  return z
    .custom<z.input<T> | null | undefined>()
    .transform((value, ctx): z.output<T> | E => {
      if (isBlank(value)) return empty;
      const result = rule.safeParse(value);
      if (result.success) return result.data as z.output<T>;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
      return z.NEVER;
    });
}
