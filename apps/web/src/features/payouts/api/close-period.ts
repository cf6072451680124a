import { closePeriodResultSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** POST /v1/payouts/close-period: one payout per affiliate who reaches their method's minimum. */
export function useClosePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (period: string) => z.object({ data: closePeriodResultSchema, message: z.string() }).parse(await apiRequest('/v1/payouts/close-period', { method: 'POST', body: { period } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
