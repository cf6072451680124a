import {
  affiliateRatiosReplySchema,
  appealsReplySchema,
  bulkHeldReplySchema,
  heldConversionsReplySchema,
  invalidClicksReplySchema,
  type NetworkFraudRulesRequest,
  networkFraudRulesReplySchema,
  type OfferFraudRulesRequest,
  offerFraudRulesReplySchema,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fraudKeys = { all: ['fraud'] as const, held: ['fraud', 'held'] as const, appeals: ['fraud', 'appeals'] as const, ratios: ['fraud', 'ratios'] as const, invalidClicks: (days: number) => ['fraud', 'invalid-clicks', days] as const };

export const useHeldConversions = () =>
  useQuery({ queryKey: fraudKeys.held, queryFn: async () => heldConversionsReplySchema.parse(await apiRequest('/v1/fraud/held', { query: { per_page: 200 } })) });
export const useFraudAppeals = () => useQuery({ queryKey: fraudKeys.appeals, queryFn: async () => appealsReplySchema.parse(await apiRequest('/v1/fraud/appeals')).data });
export const useInvalidClicks = (days: number) =>
  useQuery({ queryKey: fraudKeys.invalidClicks(days), queryFn: async () => invalidClicksReplySchema.parse(await apiRequest('/v1/fraud/invalid-clicks', { query: { days } })).data });
export const useFraudRatios = () => useQuery({ queryKey: fraudKeys.ratios, queryFn: async () => affiliateRatiosReplySchema.parse(await apiRequest('/v1/fraud/ratios')).data });

/** Staff's decision on held conversions: approve (paid) or reject (with a reason), one or several at once. */
export type Review = { action: 'approve' | 'reject'; ids: number[]; reason?: string };

export function useReviewHeld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (r: Review) =>
      bulkHeldReplySchema.parse(await apiRequest('/v1/fraud/held/bulk', { method: 'POST', body: { action: r.action, conversion_ids: r.ids, ...(r.action === 'reject' ? { reason: r.reason } : {}) } })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: fraudKeys.all });
      void client.invalidateQueries({ queryKey: ['conversion-log'] });
      void client.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
}

/** The network's rules and risk holds (`GET|PUT /v1/settings/fraud-rules`) and an offer's own rules (`GET|PUT /v1/offers/{id}/fraud-rules`). */
export const fraudRuleKeys = { network: ['fraud', 'rules', 'network'] as const, offer: (id: number) => ['fraud', 'rules', 'offer', id] as const };

export const useNetworkFraudRules = () =>
  useQuery({ queryKey: fraudRuleKeys.network, queryFn: async () => networkFraudRulesReplySchema.parse(await apiRequest('/v1/settings/fraud-rules')).data });
export const useOfferFraudRules = (offerId: number) =>
  useQuery({ queryKey: fraudRuleKeys.offer(offerId), queryFn: async () => offerFraudRulesReplySchema.parse(await apiRequest(`/v1/offers/${offerId}/fraud-rules`)).data });

export function useSaveNetworkFraudRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NetworkFraudRulesRequest) => networkFraudRulesReplySchema.parse(await apiRequest('/v1/settings/fraud-rules', { method: 'PUT', body })).data,
    onSuccess: (data) => {
      client.setQueryData(fraudRuleKeys.network, data);
      void client.invalidateQueries({ queryKey: fraudKeys.ratios });
    },
  });
}

export function useSaveOfferFraudRules(offerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OfferFraudRulesRequest) => offerFraudRulesReplySchema.parse(await apiRequest(`/v1/offers/${offerId}/fraud-rules`, { method: 'PUT', body })).data,
    onSuccess: (data) => client.setQueryData(fraudRuleKeys.offer(offerId), data),
  });
}
