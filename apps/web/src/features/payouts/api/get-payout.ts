import { payoutDetailSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

const reply = z.object({ data: payoutDetailSchema });

/** GET /v1/payouts/{id}: the payout, its transitions and every ledger row behind it. */
export async function getPayout(id: number) {
  return reply.parse(await apiRequest(`/v1/payouts/${id}`)).data;
}

export const getPayoutQueryOptions = (id: number) => queryOptions({ queryKey: payoutKeys.detail(id), queryFn: () => getPayout(id) });

export function usePayout(id: number) {
  return useQuery(getPayoutQueryOptions(id));
}
