import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { landingPagesQueryKey } from '../../../lib/queries/get-landing-pages.ts';

/** DELETE /v1/creatives/landing-pages/{id} (saving is the landing pages' one form). */
export async function deleteLandingPage(id: number) {
  return apiRequest<{ data: { message: string } }>(`/v1/creatives/landing-pages/${id}`, { method: 'DELETE' });
}

export function useDeleteLandingPage() {
  const client = useQueryClient();
  // Every list of landing pages, with or without images, sits under this key.
  return useMutation({ mutationFn: deleteLandingPage, onSuccess: () => client.invalidateQueries({ queryKey: landingPagesQueryKey }) });
}
