import { payoutListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { amountParam, type PayoutFilters } from '../lib/filters.ts';
import { payoutKeys } from './keys.ts';

/** GET /v1/payouts (staff with `payouts`): one section's payouts, filtered, sorted and paged by the server, with totals. */
export async function getPayouts(filters: PayoutFilters) {
  return payoutListReplySchema.parse(
    await apiRequest('/v1/payouts', {
      query: {
        section: filters.section,
        period: filters.period || undefined,
        method: filters.method || undefined,
        ...(/^\d+$/.test(filters.affiliate.trim()) ? { affiliate_id: filters.affiliate.trim() } : { affiliate: filters.affiliate.trim() || undefined }),
        amount_min: amountParam(filters.amount_min),
        amount_max: amountParam(filters.amount_max),
        page: filters.page,
        per_page: filters.per_page,
        sort: filters.sort,
        order: filters.order,
      },
    }),
  );
}

export const getPayoutsQueryOptions = (filters: PayoutFilters) =>
  queryOptions({ queryKey: payoutKeys.list(filters), queryFn: () => getPayouts(filters), placeholderData: keepPreviousData });

export function usePayouts(filters: PayoutFilters) {
  return useQuery(getPayoutsQueryOptions(filters));
}
