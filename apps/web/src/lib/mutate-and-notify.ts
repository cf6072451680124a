import { alertError } from './api-client.ts';
import { notify } from './notifications.tsx';

/**
 * Runs a mutation from a list's row or dialog: says `success` (or the reply's message) when it
 * worked, shows the error when it failed. True when it worked, so a confirmation can close.
 */
export async function mutateAndNotify<T>(run: () => Promise<T>, success?: string | ((reply: T) => string)): Promise<boolean> {
  try {
    const reply = await run();
    if (success !== undefined) notify.success(typeof success === 'function' ? success(reply) : success);
    return true;
  } catch (error) {
    alertError(error);
    return false;
  }
}
