import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** POST /v1/payouts/{id}/reject with the one reject_reason (SPEC.md section 3): the amount returns to the balance. */
export async function rejectPayout({ id, reject_reason }: { id: number; reject_reason: string }): Promise<void> {
  await apiRequest(`/v1/payouts/${id}/reject`, { method: 'POST', body: { reject_reason } });
}

export function useRejectPayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectPayout, onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }) });
}
