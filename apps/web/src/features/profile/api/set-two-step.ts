import { type TwoStepRequest, twoStepReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';

/** PUT /v1/user/two-step: on or off, with the current password; the reply's message says which. */
export async function setTwoStep(body: TwoStepRequest) {
  return twoStepReplySchema.parse(await apiRequest('/v1/user/two-step', { method: 'PUT', body })).data;
}

export function useSetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTwoStep, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }) });
}
