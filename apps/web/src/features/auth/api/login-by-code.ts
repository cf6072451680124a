import { authMessages, type TokenPair, tokensReplySchema } from '@portal/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /v1/authentication/login-by-code: the one-time code of an email link (?lac= / ?lbc=) or a social callback.
 * Failures carry the SPEC.md section 8 texts: "User is inactive" or "Code is invalid".
 */
export async function loginByCode(code: string): Promise<TokenPair> {
  try {
    return tokensReplySchema.parse(await apiRequest('/v1/authentication/login-by-code', { method: 'POST', body: { code }, auth: false })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.code !== 'system_is_under_maintenance' && error.code !== 'too_many_requests') {
      const message = error.code === 'user_inactive' ? authMessages.userInactive : authMessages.codeInvalid;
      throw new ApiError(error.status, error.code, message);
    }
    throw error;
  }
}
