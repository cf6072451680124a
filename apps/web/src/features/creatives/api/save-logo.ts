import { siteLogoReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { logosQueryKey } from './get-logos.ts';

/** POST /v1/creatives/logos or PATCH /v1/creatives/logos/{id}: site_id, name and the `image` file. */
export async function saveLogo({ id, body }: { id: number | undefined; body: FormData }) {
  return siteLogoReplySchema.parse(await apiRequest(id ? `/v1/creatives/logos/${id}` : '/v1/creatives/logos', { method: id ? 'PATCH' : 'POST', body }));
}

export function useSaveLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveLogo, onSuccess: () => client.invalidateQueries({ queryKey: logosQueryKey }) });
}

/** DELETE /v1/creatives/logos/{id}. */
export async function deleteLogo(id: number) {
  return apiRequest<{ data: { message: string } }>(`/v1/creatives/logos/${id}`, { method: 'DELETE' });
}

export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteLogo, onSuccess: () => client.invalidateQueries({ queryKey: logosQueryKey }) });
}
