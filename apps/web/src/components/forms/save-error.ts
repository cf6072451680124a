import { serverMessage } from './server-errors.ts';
import { alertError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.tsx';

/** SPEC.md section 8: a failed save shows the server's message, or "Save failure!". */
export function alertSaveFailure(error: unknown, fallback: string): void {
  const message = serverMessage(error);
  if (message) alertError(error);
  else notify.error(fallback);
}
