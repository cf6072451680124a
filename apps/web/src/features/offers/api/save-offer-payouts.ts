import { customPayoutsInputSchema, offerSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

const reply = z.object({ data: offerSchema, message: z.string().optional() });
export type CustomPayoutsInput = z.input<typeof customPayoutsInputSchema>;

/** PUT /v1/offers/{id}/payouts: replaces the offer's custom payouts per affiliate and per tier, staff. */
export async function saveOfferPayouts({ id, input }: { id: number; input: CustomPayoutsInput }) {
  return reply.parse(await apiRequest(`/v1/offers/${id}/payouts`, { method: 'PUT', body: input }));
}

export function useSaveOfferPayouts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOfferPayouts, onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }) });
}
