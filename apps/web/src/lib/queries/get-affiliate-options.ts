import { listReply } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';

const affiliatesReply = listReply(z.object({ id: z.number(), name: z.string(), email: z.string() }));

/** GET /v1/affiliates?per_page=500 (staff with the affiliates permission): the affiliates to choose from. */
export async function getAffiliateOptions() {
  return affiliatesReply.parse(await apiRequest('/v1/affiliates', { query: { per_page: 500 } })).data;
}

export const getAffiliateOptionsQueryOptions = () => queryOptions({ queryKey: ['affiliates', 'options'], queryFn: getAffiliateOptions, staleTime: 60_000 });

export function useAffiliateOptions(enabled: boolean) {
  return useQuery({ ...getAffiliateOptionsQueryOptions(), enabled, retry: false });
}
