import { type ChangePasswordRequest, type TokenPair, tokensReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/** POST /v1/user/password: every other session is revoked; this one continues with the new pair it answers. */
export async function changePassword(body: ChangePasswordRequest): Promise<TokenPair> {
  const pair = tokensReplySchema.parse(await apiRequest('/v1/user/password', { method: 'POST', body })).data;
  session.set(pair, { tabScoped: session.get()?.tabScoped ?? false });
  return pair;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
