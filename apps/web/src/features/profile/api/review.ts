import { type ProfileAppealRequest, profileReviewReplySchema, type RejectProfileInfoRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';
import { profileKeyOf } from './profile-of.ts';

/** POST v2/affiliates/{id}/approve-profile-info and reject-profile-info (with reject_reason). */
export async function reviewProfileInfo(affiliateId: number, decision: { approve: true } | ({ approve: false } & RejectProfileInfoRequest)) {
  const path = `/v2/affiliates/${affiliateId}/${decision.approve ? 'approve' : 'reject'}-profile-info`;
  const body = decision.approve ? {} : { reject_reason: decision.reject_reason };
  return profileReviewReplySchema.parse(await apiRequest(path, { method: 'POST', body })).data;
}

export function useReviewProfileInfo(affiliateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Parameters<typeof reviewProfileInfo>[1]) => reviewProfileInfo(affiliateId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeyOf(affiliateId) }),
  });
}

/** POST /v1/user/profile/appeal: "The appeal has been sent". */
export async function appealProfileInfo(body: ProfileAppealRequest) {
  return profileReviewReplySchema.parse(await apiRequest('/v1/user/profile/appeal', { method: 'POST', body })).data;
}

export function useAppealProfileInfo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appealProfileInfo, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }) });
}
