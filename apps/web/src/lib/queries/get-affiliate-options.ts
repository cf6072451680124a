import { affiliateListReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** GET /v1/affiliates?per_page=500 (staff with the affiliates permission): the affiliates to choose from. */
export async function getAffiliateOptions() {
  return affiliateListReplySchema.parse(await apiRequest('/v1/affiliates', { query: { per_page: 500 } })).data;
}

export const getAffiliateOptionsQueryOptions = () => queryOptions({ queryKey: ['affiliates', 'options'], queryFn: getAffiliateOptions, staleTime: 60_000 });

export function useAffiliateOptions(enabled: boolean) {
  return useQuery({ ...getAffiliateOptionsQueryOptions(), enabled, retry: false });
}
