import type { MarkPaidForm } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** POST /v1/payouts/{id}/mark-paid: to pay -> paid, with the payment reference and the day it was paid. */
export async function markPayoutPaid({ id, ...body }: MarkPaidForm & { id: number }): Promise<void> {
  await apiRequest(`/v1/payouts/${id}/mark-paid`, { method: 'POST', body });
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markPayoutPaid, onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }) });
}
