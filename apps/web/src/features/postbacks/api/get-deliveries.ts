import { listReply, postbackDeliverySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = listReply(postbackDeliverySchema);

/** GET /v1/postbacks/deliveries: the delivery log, newest first. */
export async function getDeliveries(page: number, perPage: number) {
  return reply.parse(await apiRequest('/v1/postbacks/deliveries', { query: { page, per_page: perPage } }));
}

/** Every page of the delivery log sits under this key; a test send invalidates it. */
export const deliveriesQueryKey = ['postbacks', 'deliveries'] as const;

export const getDeliveriesQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: [...deliveriesQueryKey, page, perPage], queryFn: () => getDeliveries(page, perPage), placeholderData: keepPreviousData });

export function useDeliveries(page: number, perPage: number) {
  return useQuery(getDeliveriesQueryOptions(page, perPage));
}
