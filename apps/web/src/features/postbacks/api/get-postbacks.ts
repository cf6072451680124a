import { listReply, postbackSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = listReply(postbackSchema);

/** GET /v1/postbacks: the signed-in affiliate's postbacks, newest first (100 is the page limit; nobody keeps more). */
export async function getPostbacks() {
  return reply.parse(await apiRequest('/v1/postbacks', { query: { per_page: 100 } }));
}

/** The postbacks list's key; saving or deleting a postback invalidates it. */
export const postbacksQueryKey = ['postbacks', 'list'] as const;

export const getPostbacksQueryOptions = () => queryOptions({ queryKey: postbacksQueryKey, queryFn: getPostbacks });

export function usePostbacks() {
  return useQuery(getPostbacksQueryOptions());
}
