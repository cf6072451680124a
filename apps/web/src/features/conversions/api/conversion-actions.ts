import { type ClickSearchQuery, clickSearchReplySchema, conversionActionReplySchema } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversionLogKeys } from './get-conversion-log.ts';

/** Staff's actions on one conversion of the log: reverse it by hand with a reason, or attach an orphaned one to a click. */
export type ConversionAction = { kind: 'reverse'; id: number; reason: string } | { kind: 'attach'; id: number; cid: string };

export const runConversionAction = (a: ConversionAction) =>
  apiRequest<{ data?: unknown; message?: string }>(`/v1/conversion-log/${a.id}/${a.kind}`, { method: 'POST', body: a.kind === 'reverse' ? { reason: a.reason } : { cid: a.cid } });

/** Runs an action; the log, the statistics and the dashboard (keys under 'statistics') read again (money moved). */
export function useConversionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runConversionAction,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversionLogKeys.all });
      void client.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
}

/** What attaching would pay (`preview: true`): every check runs, nothing is written. */
export function useAttachPreview() {
  return useMutation({
    mutationFn: async ({ id, cid }: { id: number; cid: string }) =>
      conversionActionReplySchema.parse(await apiRequest(`/v1/conversion-log/${id}/attach`, { method: 'POST', body: { cid, preview: true } })).data,
  });
}

/** `GET /v1/clicks/search`: clicks an orphaned conversion may be attached to; nothing is asked until a search is given. */
export function useClickSearch(query: ClickSearchQuery | undefined) {
  return useQuery({
    queryKey: ['clicks', 'search', query],
    enabled: query !== undefined,
    queryFn: async () => clickSearchReplySchema.parse(await apiRequest('/v1/clicks/search', { query: query as Record<string, string> })).data,
  });
}
