import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { i18n } from '../../lib/i18n-all.ts';

/** Field errors of an API error reply (`errors: {field: [message]}`), whatever error class carries them. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error === null || typeof error !== 'object' || !('errors' in error)) return {};
  const errors = (error as { errors: unknown }).errors;
  if (errors === null || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first !== '') out[field] = first;
  }
  return out;
}

/**
 * The message to show for a failed save: the server's own message when the error is a server
 * reply (it carries a code or field errors), else undefined so the caller says "Save failure!".
 */
export function serverMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  const fromServer = 'errors' in error || 'code' in error || 'error_code' in error;
  return fromServer && typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export interface SortedServerError {
  /** First message per field the form draws. */
  fields: Record<string, string>;
  /** What the form says above its fields; undefined when there is nothing left to say. */
  message: string | undefined;
}

/**
 * Sorts a failed submit for a form that shows its own message (SPEC.md section 8): field errors
 * for fields the form draws go there; messages for other names, or the error's own message when
 * no field got one, are the form's message. Code 1 stays silent; a 429 with Retry-After says when
 * to try again.
 */
export function sortServerError(error: unknown, isField: (name: string) => boolean): SortedServerError {
  if (error === null || typeof error !== 'object') return { fields: {}, message: undefined };
  const { code, status, retryAfter, message } = error as { code?: unknown; status?: unknown; retryAfter?: unknown; message?: unknown };
  if (code === '1') return { fields: {}, message: undefined };
  if (status === 429 && typeof retryAfter === 'number' && retryAfter > 0) {
    return { fields: {}, message: i18n.t('forms.tooManyRequests', { seconds: retryAfter }) };
  }
  const fields: Record<string, string> = {};
  const leftover: string[] = [];
  for (const [name, text] of Object.entries(fieldErrors(error))) {
    if (isField(name)) fields[name] = text;
    else leftover.push(text);
  }
  if (leftover.length) return { fields, message: leftover.join(' ') };
  const own = typeof message === 'string' && message.trim() !== '' ? message : undefined;
  return { fields, message: Object.keys(fields).length ? undefined : own };
}

/**
 * For a form built by hand on react-hook-form: puts a failed submit's field errors on the named
 * fields (focusing the first) and returns the form's message (see `sortServerError`).
 */
export function applyServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | undefined {
  const sorted = sortServerError(error, (name) => (fields as readonly string[]).includes(name));
  Object.entries(sorted.fields).forEach(([name, message], index) => setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }));
  return sorted.message;
}
