import { balanceSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { myPayoutKeys } from './keys.ts';

const reply = z.object({ data: balanceSchema });

/** GET /v1/balance: available, in the hold period, in payouts, held, and paid over all time. */
export async function getBalance() {
  return reply.parse(await apiRequest('/v1/balance')).data;
}

export const getBalanceQueryOptions = () => queryOptions({ queryKey: myPayoutKeys.balance, queryFn: getBalance, refetchOnWindowFocus: true });

export function useBalance() {
  return useQuery(getBalanceQueryOptions());
}
