import { affiliateSummaryReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/affiliates/{id}/summary: balance, lifetime earnings, clicks, conversions. */
export async function getAffiliateSummary(affiliateId: number) {
  return affiliateSummaryReplySchema.parse(await apiRequest(`/v1/affiliates/${affiliateId}/summary`)).data;
}

export const getAffiliateSummaryQueryOptions = (affiliateId: number) => queryOptions({ queryKey: ['affiliates', affiliateId, 'summary'], queryFn: () => getAffiliateSummary(affiliateId) });

export function useAffiliateSummary(affiliateId: number) {
  return useQuery(getAffiliateSummaryQueryOptions(affiliateId));
}
