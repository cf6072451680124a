import { bannerReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bannersQueryKey } from './get-banners.ts';

/** POST /v1/creatives/banners or PATCH /v1/creatives/banners/{id}: multipart fields and the `image` file. */
export async function saveBanner({ id, body }: { id: number | undefined; body: FormData }) {
  return bannerReplySchema.parse(await apiRequest(id ? `/v1/creatives/banners/${id}` : '/v1/creatives/banners', { method: id ? 'PATCH' : 'POST', body }));
}

export function useSaveBanner() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveBanner, onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }) });
}

/** DELETE /v1/creatives/banners/{id}. */
export async function deleteBanner(id: number) {
  return apiRequest<{ data: { message: string } }>(`/v1/creatives/banners/${id}`, { method: 'DELETE' });
}

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBanner, onSuccess: () => client.invalidateQueries({ queryKey: bannersQueryKey }) });
}
