import { type TrackingLinkRequest, trackingLinkReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/offers/{id}/tracking-link: the signed-in affiliate's link (the same spec always answers the same code). */
export async function createTrackingLink({ offerId, request = {} }: { offerId: number; request?: TrackingLinkRequest }) {
  return trackingLinkReplySchema.parse(await apiRequest(`/v1/offers/${offerId}/tracking-link`, { method: 'POST', body: request })).data;
}

export function useCreateTrackingLink() {
  return useMutation({ mutationFn: createTrackingLink });
}
