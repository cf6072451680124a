import { resendCodeReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/authentication/resend-code: a new emailed code; its session token replaces the old one. */
export async function resendCode(sessionToken: string) {
  return resendCodeReplySchema.parse(await apiRequest('/v2/authentication/resend-code', { method: 'POST', body: { session_token: sessionToken }, auth: false })).data;
}

export const useResendCode = () => useMutation({ mutationFn: resendCode });
