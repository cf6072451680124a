import { termsAcceptancesReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/affiliates/{id}/terms-acceptances: every Terms of Service acceptance of the affiliate, newest first. */
export async function getTermsAcceptances(affiliateId: number) {
  return termsAcceptancesReplySchema.parse(await apiRequest(`/v1/affiliates/${affiliateId}/terms-acceptances`)).data;
}

export const getTermsAcceptancesQueryOptions = (affiliateId: number) =>
  queryOptions({ queryKey: ['affiliates', affiliateId, 'terms-acceptances'], queryFn: () => getTermsAcceptances(affiliateId) });

export function useTermsAcceptances(affiliateId: number) {
  return useQuery(getTermsAcceptancesQueryOptions(affiliateId));
}
