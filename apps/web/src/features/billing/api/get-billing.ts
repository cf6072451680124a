import { billingAccountSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingQueryKey = ['billing', 'me'] as const;
/** An affiliate's billing, for staff in Affiliate Details (`?user_id=`). */
export const billingKeyOf = (userId?: number) => (userId === undefined ? billingQueryKey : (['billing', 'user', userId] as const));
const reply = z.object({ data: billingAccountSchema });

/** GET /v1/user/billing: recipient type, payment method and its details, and whether they are complete. */
export async function getBilling(userId?: number) {
  return reply.parse(await apiRequest('/v1/user/billing', { query: userId === undefined ? {} : { user_id: userId } })).data;
}

export const getBillingQueryOptions = (userId?: number) => queryOptions({ queryKey: billingKeyOf(userId), queryFn: () => getBilling(userId) });

export function useBilling(userId?: number) {
  return useQuery(getBillingQueryOptions(userId));
}
