import { billingAccountSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingQueryKey = ['billing', 'me'] as const;
const reply = z.object({ data: billingAccountSchema });

/** GET /v1/user/billing: recipient type, payment method and its details, and whether they are complete. */
export async function getBilling() {
  return reply.parse(await apiRequest('/v1/user/billing')).data;
}

export const getBillingQueryOptions = () => queryOptions({ queryKey: billingQueryKey, queryFn: getBilling });

export function useBilling() {
  return useQuery(getBillingQueryOptions());
}
