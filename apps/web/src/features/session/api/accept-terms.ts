import { type AcceptTermsRequest, acceptTermsReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';

/** POST /v1/user/accept-terms: the affiliate accepts the version they read; the profile then stops asking. */
export async function acceptTerms(body: AcceptTermsRequest) {
  return acceptTermsReplySchema.parse(await apiRequest('/v1/user/accept-terms', { method: 'POST', body }));
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptTerms, onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }) });
}
