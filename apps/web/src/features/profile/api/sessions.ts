import { userSessionListReplySchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** GET /v1/user/sessions: device, place, last seen; the current one marked. */
export async function getSessions() {
  return userSessionListReplySchema.parse(await apiRequest('/v1/user/sessions')).data;
}

export const getSessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** DELETE /v1/user/sessions/{id}, or every other one with no id. */
export async function revokeSession(id: string | 'others') {
  await apiRequest(id === 'others' ? '/v1/user/sessions' : `/v1/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
