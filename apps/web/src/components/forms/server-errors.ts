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
