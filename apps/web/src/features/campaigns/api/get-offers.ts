import { offerSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: z.array(offerSchema) });

/** GET /v1/offers: every active offer a campaign can promote. */
export async function getOffers() {
  return reply.parse(await apiRequest('/v1/offers')).data;
}

export const getOffersQueryOptions = () => queryOptions({ queryKey: ['offers', 'list', 'all'], queryFn: getOffers });

export function useOffers() {
  return useQuery(getOffersQueryOptions());
}
