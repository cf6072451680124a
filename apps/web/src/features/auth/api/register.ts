import { messageReplySchema, type RegisterRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface RegisterInput {
  body: RegisterRequest;
  /** `referred_by` from the page address, passed on as it came (SPEC.md section 7). */
  referredBy?: string | null;
}

/** POST /v1/register: creates an inactive affiliate and emails the activation link. */
export async function register({ body, referredBy }: RegisterInput): Promise<string> {
  const reply = await apiRequest('/v1/register', { method: 'POST', body, auth: false, query: { referred_by: referredBy || undefined } });
  return messageReplySchema.parse(reply).data.message;
}

export const useRegister = () => useMutation({ mutationFn: register });
