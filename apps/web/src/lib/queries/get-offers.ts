import { offerSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';

const offersReply = z.object({ data: z.array(offerSchema) });
export type OfferStatusFilter = 'active' | 'archived' | 'all';

/** GET /v1/offers?site_id=&status=: affiliates get the active offers with `your_payout`; staff may ask for archived ones. */
export async function getOffers(siteId: number | undefined, status: OfferStatusFilter = 'active') {
  return offersReply.parse(await apiRequest('/v1/offers', { query: { site_id: siteId, status: status === 'active' ? undefined : status } })).data;
}

export const getOffersQueryOptions = (siteId: number | undefined, status: OfferStatusFilter = 'active') =>
  queryOptions({
    queryKey: status === 'active' ? ['offers', 'list', siteId ?? 'all'] : ['offers', 'list', siteId ?? 'all', status],
    queryFn: () => getOffers(siteId, status),
  });

export function useOffers(siteId: number | undefined, { enabled = true, status = 'active' as OfferStatusFilter } = {}) {
  return useQuery({ ...getOffersQueryOptions(siteId, status), enabled });
}
