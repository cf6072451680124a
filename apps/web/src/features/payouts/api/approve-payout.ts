import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from './keys.ts';

/** POST /v1/payouts/{id}/approve: to approve -> to pay. */
export async function approvePayout(id: number): Promise<void> {
  await apiRequest(`/v1/payouts/${id}/approve`, { method: 'POST', body: {} });
}

export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approvePayout, onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }) });
}
