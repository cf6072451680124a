import { listReply } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const affiliateRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  tier: z.object({ name: z.string() }).nullable().optional(),
});
const affiliatesReply = listReply(affiliateRow);

/** GET /v1/affiliates?search= (staff with the affiliates permission): the first 50 matching affiliates. */
export async function getAffiliates(search: string) {
  return affiliatesReply.parse(await apiRequest('/v1/affiliates', { query: { page: 1, per_page: 50, search: search || undefined } }));
}

export const getAffiliatesQueryOptions = (search: string) =>
  queryOptions({ queryKey: ['affiliates', 'list', search], queryFn: () => getAffiliates(search), placeholderData: keepPreviousData });

export function useAffiliates(search: string) {
  return useQuery(getAffiliatesQueryOptions(search));
}
