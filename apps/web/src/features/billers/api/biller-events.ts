import { type BillerEventQuery, billerEventReplyOneSchema, billerEventReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every page of the biller event log sits under this key; a replay invalidates it. */
export const billerEventsQueryKey = ['biller-events'] as const;

/** GET /v1/biller-events (staff with offers or payouts): every post received, newest first. */
export async function getBillerEvents(query: BillerEventQuery) {
  return billerEventReplySchema.parse(await apiRequest('/v1/biller-events', { query }));
}

export const billerEventsQueryOptions = (query: BillerEventQuery) =>
  queryOptions({ queryKey: [...billerEventsQueryKey, query], queryFn: () => getBillerEvents(query), placeholderData: keepPreviousData });

export function useBillerEvents(query: BillerEventQuery, enabled = true) {
  return useQuery({ ...billerEventsQueryOptions(query), enabled });
}

/** POST /v1/biller-events/{id}/replay: process the stored post again (idempotent). */
export async function replayBillerEvent(id: number) {
  return billerEventReplyOneSchema.parse(await apiRequest(`/v1/biller-events/${id}/replay`, { method: 'POST' }));
}

export function useReplayBillerEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replayBillerEvent, onSuccess: () => queryClient.invalidateQueries({ queryKey: billerEventsQueryKey }) });
}
