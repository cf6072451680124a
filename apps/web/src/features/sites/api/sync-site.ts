import { syncStartedReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sitesQueryKey } from '../../../lib/queries/get-sites.ts';

/** POST /v1/sites/{id}/sync (staff): queue a catalogue sync now; the list shows its result when it finishes. */
export async function syncSite(siteId: number) {
  return syncStartedReplySchema.parse(await apiRequest(`/v1/sites/${siteId}/sync`, { method: 'POST' })).data;
}

export function useSyncSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncSite,
    // The sync runs in the background: look again shortly for its result.
    onSuccess: () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: sitesQueryKey }), 4000),
  });
}
