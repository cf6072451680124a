import { offerSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

const reply = z.object({ data: offerSchema, message: z.string().optional() });

/** POST /v1/offers/{id}/archive {archived}: archive (links stop counting) or restore, staff. */
export async function archiveOffer({ id, archived }: { id: number; archived: boolean }) {
  return reply.parse(await apiRequest(`/v1/offers/${id}/archive`, { method: 'POST', body: { archived } }));
}

export function useArchiveOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: archiveOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }) });
}
