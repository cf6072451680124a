import { type ContactRequest, messageReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/contact: stored and emailed to support; visitors and clients only. */
export async function sendContact(body: ContactRequest): Promise<string> {
  return messageReplySchema.parse(await apiRequest('/v1/contact', { method: 'POST', body })).data.message;
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
