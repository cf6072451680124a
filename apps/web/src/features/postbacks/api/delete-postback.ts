import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { postbacksQueryKey } from './get-postbacks.ts';

const reply = z.object({ data: z.object({ message: z.string() }) });

/** DELETE /v1/postbacks/{id} (its delivery log is kept). */
export async function deletePostback(id: number) {
  return reply.parse(await apiRequest(`/v1/postbacks/${id}`, { method: 'DELETE' })).data;
}

export function useDeletePostback() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePostback, onSuccess: () => queryClient.invalidateQueries({ queryKey: postbacksQueryKey }) });
}
