import { payoutListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { myPayoutKeys } from './keys.ts';

/** GET /v1/payouts as an affiliate: their own payouts, newest period first. */
export async function getMyPayouts(page: number, perPage: number) {
  return payoutListReplySchema.parse(await apiRequest('/v1/payouts', { query: { page, per_page: perPage, sort: 'period', order: 'desc' } }));
}

export const getMyPayoutsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: myPayoutKeys.payouts(page, perPage), queryFn: () => getMyPayouts(page, perPage), placeholderData: keepPreviousData });

export function useMyPayouts(page: number, perPage: number) {
  return useQuery(getMyPayoutsQueryOptions(page, perPage));
}
