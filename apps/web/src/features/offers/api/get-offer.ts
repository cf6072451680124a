import { offerSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

const reply = z.object({ data: offerSchema });

/** GET /v1/offers/{id}: one offer; staff also get its custom payouts. */
export async function getOffer(id: number) {
  return reply.parse(await apiRequest(`/v1/offers/${id}`)).data;
}

export const getOfferQueryOptions = (id: number) => queryOptions({ queryKey: [...offersQueryKey, 'detail', id], queryFn: () => getOffer(id) });

export function useOffer(id: number) {
  return useQuery({ ...getOfferQueryOptions(id), retry: false });
}
