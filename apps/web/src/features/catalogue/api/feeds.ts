import { feedInfoReplySchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const feedKeys = { info: ['creatives', 'feeds'] as const };

/** GET /v1/creatives/feeds: the affiliate's feed URLs and the documented fields. */
export async function getFeedInfo() {
  return feedInfoReplySchema.parse(await apiRequest('/v1/creatives/feeds')).data;
}

export function getFeedInfoQueryOptions() {
  return queryOptions({ queryKey: feedKeys.info, queryFn: getFeedInfo });
}

export function useFeedInfo() {
  return useQuery(getFeedInfoQueryOptions());
}

/** POST (a new key; the old one stops) or DELETE (revoke) /v1/creatives/feeds. */
export function useChangeFeedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'regenerate' | 'revoke') =>
      feedInfoReplySchema.parse(await apiRequest('/v1/creatives/feeds', { method: action === 'regenerate' ? 'POST' : 'DELETE' })).data,
    onSuccess: (info) => queryClient.setQueryData(feedKeys.info, info),
  });
}
