import { siteWithKeyReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sitesQueryKey } from '../../../lib/queries/get-sites.ts';

/** POST /v1/sites/{id}/rotate-key: a new API key, answered once; the old one stops working. */
export async function rotateSiteKey(id: number) {
  return siteWithKeyReplySchema.parse(await apiRequest(`/v1/sites/${id}/rotate-key`, { method: 'POST' })).data;
}

export function useRotateSiteKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateSiteKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }) });
}
