import { messageReplySchema, type ResetRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/password/reset: the emailed token sets a new password and ends every session. */
export async function resetPassword(body: ResetRequest): Promise<string> {
  return messageReplySchema.parse(await apiRequest('/v1/password/reset', { method: 'POST', body, auth: false })).data.message;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
