import { type TierInput, tierDeleteReplySchema, tierSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';
import { tiersQueryKey } from '../../../lib/queries/get-tiers.ts';

const saved = z.object({ data: tierSchema, message: z.string() });

/** POST, PATCH and DELETE /v1/tiers (staff with settings): each refreshes the tiers, the affiliates (a delete moves them) and the offers (their tier payouts). */
export function useTierMutations() {
  const queryClient = useQueryClient();
  const done = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tiersQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['affiliates'] }),
      queryClient.invalidateQueries({ queryKey: offersQueryKey }),
    ]);
  const create = useMutation({ mutationFn: async (body: TierInput) => saved.parse(await apiRequest('/v1/tiers', { method: 'POST', body })), onSuccess: done });
  const update = useMutation({ mutationFn: async ({ id, body }: { id: number; body: TierInput }) => saved.parse(await apiRequest(`/v1/tiers/${id}`, { method: 'PATCH', body })), onSuccess: done });
  const remove = useMutation({ mutationFn: async (id: number) => tierDeleteReplySchema.parse(await apiRequest(`/v1/tiers/${id}`, { method: 'DELETE' })), onSuccess: done });
  return { create, update, remove };
}
