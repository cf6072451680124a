import { type ForgotRequest, messageReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/password/forgot: always the same answer; the reset link goes out only to an existing account. */
export async function forgotPassword(body: ForgotRequest): Promise<string> {
  return messageReplySchema.parse(await apiRequest('/v1/password/forgot', { method: 'POST', body, auth: false })).data.message;
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
