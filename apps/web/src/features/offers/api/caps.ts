import { type CapInput, capListReplySchema, capReplySchema } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

const capsKey = (offerId: number) => [...offersQueryKey, 'caps', offerId];

/** GET /v1/offers/{id}/caps: the offer's caps with what each has taken this period (staff). */
export function useOfferCaps(offerId: number) {
  return useQuery({ queryKey: capsKey(offerId), queryFn: async () => capListReplySchema.parse(await apiRequest(`/v1/offers/${offerId}/caps`)).data });
}

/** POST /v1/offers/{id}/caps. */
export function useAddCap(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CapInput) => capReplySchema.parse(await apiRequest(`/v1/offers/${offerId}/caps`, { method: 'POST', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capsKey(offerId) }),
  });
}

/** DELETE /v1/caps/{id}. */
export function useDeleteCap(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => z.object({ data: z.object({ message: z.string() }) }).parse(await apiRequest(`/v1/caps/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capsKey(offerId) }),
  });
}
