import { affiliateBulkReplySchema, type AffiliateBulkRequest, affiliateReplySchema, offerRewardReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { affiliatesQueryKey } from './get-affiliates.ts';

/** The row actions and dialogs of the list, each a POST (or the edit's PATCH) answering the row and the message. */
export type AffiliateAction =
  | { kind: 'activate' | 'deactivate' | 'revshare/pause' | 'revshare/unpause' | 'approve'; id: number }
  | { kind: 'reject'; id: number; body: { reason: string } }
  | { kind: 'manager'; id: number; body: { manager_id: number | string | null } }
  | { kind: 'tier'; id: number; body: { tier_id: number | string } }
  | { kind: 'edit'; id: number; body: Record<string, unknown> }
  | { kind: 'create'; body: Record<string, unknown> };

export async function runAffiliateAction(action: AffiliateAction): Promise<{ message: string }> {
  if (action.kind === 'create') return affiliateReplySchema.parse(await apiRequest('/v1/affiliates', { method: 'POST', body: action.body }));
  if (action.kind === 'edit') return affiliateReplySchema.parse(await apiRequest(`/v1/affiliates/${action.id}`, { method: 'PATCH', body: action.body }));
  const body = 'body' in action ? action.body : {};
  return affiliateReplySchema.parse(await apiRequest(`/v1/affiliates/${action.id}/${action.kind}`, { method: 'POST', body }));
}

export function useAffiliateAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runAffiliateAction, onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesQueryKey }) });
}

/** POST /v1/affiliates/{id}/offer-reward: this affiliate's custom payout on an offer. */
export function useOfferReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: { offer_id: number | string; amount: string } }) =>
      offerRewardReplySchema.parse(await apiRequest(`/v1/affiliates/${id}/offer-reward`, { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offers'] }),
  });
}

/** POST /v1/affiliates/bulk for one chunk of the selection; the caller walks the chunks to show progress. */
export async function runBulkChunk(body: AffiliateBulkRequest) {
  return affiliateBulkReplySchema.parse(await apiRequest('/v1/affiliates/bulk', { method: 'POST', body })).data;
}
