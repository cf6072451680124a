import { errorMessages } from '@portal/contracts';
import type { z } from 'zod';
import { fieldName } from '../plugins/errors.ts';
import { ValidationError } from './errors.ts';

/** Validates data that did not come through a route schema (multipart fields), with the same reply. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = fieldName(`/${issue.path.map(String).join('/')}`);
    (errors[name] ??= []).push(issue.message);
  }
  throw new ValidationError(errors, errorMessages.validationFailed);
}
