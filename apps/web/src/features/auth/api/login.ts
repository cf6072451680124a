import { type LoginReply, type LoginRequest, loginReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/authentication/login: a session token (a code was emailed) or the token pair. */
export async function login(body: LoginRequest): Promise<LoginReply['data']> {
  return loginReplySchema.parse(await apiRequest('/v2/authentication/login', { method: 'POST', body, auth: false })).data;
}

export const useLogin = () => useMutation({ mutationFn: login });
