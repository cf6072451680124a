import { type ResetRequest, resetReplySchema, type TokenPair } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/password/reset: the emailed token sets a new password and ends every session; a staff invitation's link also answers the new session's tokens. */
export async function resetPassword(body: ResetRequest): Promise<{ message: string; tokens?: TokenPair | undefined }> {
  return resetReplySchema.parse(await apiRequest('/v1/password/reset', { method: 'POST', body, auth: false })).data;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
