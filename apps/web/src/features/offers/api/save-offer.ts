import { type OfferInput, offerSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

const reply = z.object({ data: offerSchema, message: z.string().optional() });

/** POST /v1/offers (create) or PUT /v1/offers/{id} (update), staff. */
export async function saveOffer({ id, input }: { id?: number | undefined; input: OfferInput }) {
  return reply.parse(await apiRequest(id === undefined ? '/v1/offers' : `/v1/offers/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input }));
}

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }) });
}
