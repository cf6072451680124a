import { type BonusRequest, ledgerEntrySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: ledgerEntrySchema });

/** POST /v1/affiliates/{id}/bonus: a bonus row (positive) or an adjustment with its reason (negative). */
export async function addBonus({ affiliateId, body }: { affiliateId: number; body: BonusRequest }) {
  return reply.parse(await apiRequest(`/v1/affiliates/${affiliateId}/bonus`, { method: 'POST', body })).data;
}

export function useAddBonus() {
  const queryClient = useQueryClient();
  // A bonus changes balances, totals and statistics wherever they are shown.
  return useMutation({ mutationFn: addBonus, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['statistics'] }) });
}
