import { offerListReplySchema, type OffersQueryInput } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Every read of GET /v1/offers sits under this key; saving an offer (or a site) invalidates it. */
export const offersQueryKey = ['offers'] as const;
export type OfferStatusFilter = 'active' | 'archived' | 'all';

/** GET /v1/offers: affiliates get the active offers with `your_payout`; staff may ask for archived ones. */
export async function getOffers(query: OffersQueryInput) {
  return offerListReplySchema.parse(await apiRequest('/v1/offers', { query }));
}

export const getOffersQueryOptions = (query: OffersQueryInput) => queryOptions({ queryKey: [...offersQueryKey, 'list', query], queryFn: () => getOffers(query) });

/** Every offer (of a site, or of every site), for the pickers. */
export function useOffers(siteId: number | undefined, { enabled = true, status = 'active' as OfferStatusFilter } = {}) {
  const query: OffersQueryInput = { site_id: siteId === undefined ? undefined : String(siteId), status: status === 'active' ? undefined : status, per_page: 'all' };
  return useQuery({ ...getOffersQueryOptions(query), enabled, select: (reply) => reply.data });
}

/** One page of the offers list, as the screen asks for it. */
export function useOffersPage(query: OffersQueryInput, enabled = true) {
  return useQuery({ ...getOffersQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
