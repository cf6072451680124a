import { messageReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/account/activate: the token from the activation email makes the account active. */
export async function activateAccount(token: string): Promise<string> {
  return messageReplySchema.parse(await apiRequest('/v1/account/activate', { method: 'POST', body: { token }, auth: false })).data.message;
}

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
