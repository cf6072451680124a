import { type PostbackInput, postbackSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { postbacksQueryKey } from './get-postbacks.ts';

const reply = z.object({ data: postbackSchema, message: z.string().optional() });

/** POST /v1/postbacks (create) or PUT /v1/postbacks/{id} (update). */
export async function savePostback({ id, input }: { id?: number | undefined; input: PostbackInput }) {
  return reply.parse(await apiRequest(id === undefined ? '/v1/postbacks' : `/v1/postbacks/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input }));
}

export function useSavePostback() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePostback, onSuccess: () => queryClient.invalidateQueries({ queryKey: postbacksQueryKey }) });
}
