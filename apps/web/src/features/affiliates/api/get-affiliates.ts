import { affiliateListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';


/** GET /v1/affiliates?search= (staff with the affiliates permission): the first 50 matching affiliates. */
export async function getAffiliates(search: string) {
  return affiliateListReplySchema.parse(await apiRequest('/v1/affiliates', { query: { page: 1, per_page: 50, search: search || undefined } }));
}

export const getAffiliatesQueryOptions = (search: string) =>
  queryOptions({ queryKey: ['affiliates', 'list', search], queryFn: () => getAffiliates(search), placeholderData: keepPreviousData });

export function useAffiliates(search: string) {
  return useQuery(getAffiliatesQueryOptions(search));
}
