import { ApiError } from './api-client.ts';

/**
 * The toast for a link or code the server refused: a sign-up still waiting for approval reads why
 * (the server's message), any other failure the screen's own alert.
 */
export function linkFailureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === 'account_pending_approval' ? error.message : fallback;
}
