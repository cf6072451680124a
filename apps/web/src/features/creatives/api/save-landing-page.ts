import { creativeLandingPageReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { landingPagesQueryKey } from '../../../lib/queries/get-landing-pages.ts';
import { creativeLandingPagesQueryKey } from './get-landing-pages.ts';

/** POST /v1/creatives/landing-pages or PATCH …/{id}: fields and the `desktop_image` and `mobile_image` files. */
export async function saveCreativeLandingPage({ id, body }: { id: number | undefined; body: FormData }) {
  return creativeLandingPageReplySchema.parse(await apiRequest(id ? `/v1/creatives/landing-pages/${id}` : '/v1/creatives/landing-pages', { method: id ? 'PATCH' : 'POST', body }));
}

export function useSaveCreativeLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCreativeLandingPage,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: creativeLandingPagesQueryKey }), client.invalidateQueries({ queryKey: landingPagesQueryKey })]),
  });
}

/** DELETE /v1/creatives/landing-pages/{id}. */
export async function deleteCreativeLandingPage(id: number) {
  return apiRequest<{ data: { message: string } }>(`/v1/creatives/landing-pages/${id}`, { method: 'DELETE' });
}

export function useDeleteCreativeLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCreativeLandingPage,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: creativeLandingPagesQueryKey }), client.invalidateQueries({ queryKey: landingPagesQueryKey })]),
  });
}
