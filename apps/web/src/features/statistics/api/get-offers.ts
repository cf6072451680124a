import { offerSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: z.array(offerSchema) });

/** GET /v1/offers?site_id=: the offers to filter by (every status, so old offers' numbers stay reachable for staff). */
export async function getOffers(siteId: number | undefined) {
  return reply.parse(await apiRequest('/v1/offers', { query: { site_id: siteId } })).data;
}

export const getOffersQueryOptions = (siteId: number | undefined) =>
  queryOptions({ queryKey: ['offers', 'list', siteId ?? 'all'], queryFn: () => getOffers(siteId), staleTime: 60_000 });

export function useOffers(siteId: number | undefined) {
  return useQuery(getOffersQueryOptions(siteId));
}
