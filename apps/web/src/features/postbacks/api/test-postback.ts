import { postbackTestResultSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { deliveriesQueryKey } from './get-deliveries.ts';

const reply = z.object({ data: postbackTestResultSchema });

/** POST /v1/postbacks/{id}/test: fires the postback once with sample values; answers the request and the answer. */
export async function testPostback(id: number) {
  return reply.parse(await apiRequest(`/v1/postbacks/${id}/test`, { method: 'POST' })).data;
}

export function useTestPostback() {
  const queryClient = useQueryClient();
  // The test is logged as a delivery.
  return useMutation({ mutationFn: testPostback, onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey }) });
}
