import { whenPaidSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { myPayoutKeys } from './keys.ts';

const reply = z.object({ data: whenPaidSchema });

/** GET /v1/payouts/when-paid: the "When am I paid?" checklist, worked out by the period close's own code. */
export async function getWhenPaid() {
  return reply.parse(await apiRequest('/v1/payouts/when-paid')).data;
}

export const getWhenPaidQueryOptions = () => queryOptions({ queryKey: myPayoutKeys.checklist, queryFn: getWhenPaid, refetchOnWindowFocus: true });

export function useWhenPaid() {
  return useQuery(getWhenPaidQueryOptions());
}
