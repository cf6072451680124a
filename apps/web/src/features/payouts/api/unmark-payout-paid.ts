import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** POST /v1/payouts/{id}/unmark-paid: paid -> to pay, within 7 days of marking it paid, with a reason. */
export async function unmarkPayoutPaid({ id, reason }: { id: number; reason: string }): Promise<void> {
  await apiRequest(`/v1/payouts/${id}/unmark-paid`, { method: 'POST', body: { reason } });
}

export function useUnmarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unmarkPayoutPaid, onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }) });
}
