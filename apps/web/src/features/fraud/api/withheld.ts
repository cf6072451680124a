import { withheldCommissionReplySchema, withheldCommissionsReplySchema } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const key = ['fraud', 'withheld'] as const;

/** GET /v1/fraud/withheld-commissions?status=pending: referral commissions withheld for shared details, waiting for a decision. */
export const useWithheldCommissions = () =>
  useQuery({ queryKey: key, queryFn: async () => withheldCommissionsReplySchema.parse(await apiRequest('/v1/fraud/withheld-commissions', { query: { status: 'pending', per_page: 200 } })).data });

/** Release (paid now) or reject (with a reason) one withheld commission. */
export function useDecideWithheld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (d: { id: number; action: 'release' | 'reject'; reason?: string }) =>
      withheldCommissionReplySchema.parse(await apiRequest(`/v1/fraud/withheld-commissions/${d.id}/${d.action}`, { method: 'POST', ...(d.action === 'reject' ? { body: { reason: d.reason } } : {}) })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
}
