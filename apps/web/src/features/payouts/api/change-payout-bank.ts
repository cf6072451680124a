import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** Which of the network's banks pays a payout. */
export async function changePayoutBank({ id, bank_id }: { id: number; bank_id: number }): Promise<void> {
  await apiRequest(`/v1/payouts/${id}/bank`, { method: 'POST', body: { bank_id } });
}

export function useChangePayoutBank() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePayoutBank, onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }) });
}
