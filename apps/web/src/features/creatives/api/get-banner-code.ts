import { bannerCodeReplySchema, type BannerCodeRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/creatives/banners/{id}/code: the banner's HTML with the signed-in affiliate's tracking link inside. */
export async function getBannerCode({ id, request }: { id: number; request: BannerCodeRequest }) {
  return bannerCodeReplySchema.parse(await apiRequest(`/v1/creatives/banners/${id}/code`, { method: 'POST', body: request })).data;
}

export function useBannerCode() {
  return useMutation({ mutationFn: getBannerCode });
}
