import { type ConfirmRequest, type TokenPair, tokensReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/authentication/confirm: the emailed 6-digit code completes a two-step sign-in. */
export async function confirmLogin(body: ConfirmRequest): Promise<TokenPair> {
  return tokensReplySchema.parse(await apiRequest('/v2/authentication/confirm', { method: 'POST', body, auth: false })).data;
}

export const useConfirmLogin = () => useMutation({ mutationFn: confirmLogin });
