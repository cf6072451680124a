import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * Puts a failed call's field errors on their fields and returns what is left for the form to say
 * (undefined when nothing is: every message landed on a field, or the code is 1, which stays silent).
 */
export function applyServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | undefined {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : undefined;
  if (error.code === '1') return undefined;
  if (error.status === 429 && error.retryAfter) return i18n.t('auth.tooManyRequests', { seconds: error.retryAfter });
  const leftover: string[] = [];
  let placed = false;
  for (const [name, messages] of Object.entries(error.errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    } else {
      leftover.push(message);
    }
  }
  if (leftover.length) return leftover.join(' ');
  return placed ? undefined : error.message;
}
