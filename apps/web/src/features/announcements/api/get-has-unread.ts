import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { announcementKeys } from './keys.ts';

export const hasUnreadReplySchema = z.object({ data: z.object({ has_unread: z.boolean() }) });

/** GET /v1/announcements/has-unread: the bell's dot (`data.has_unread`). */
export async function getHasUnread(): Promise<boolean> {
  return hasUnreadReplySchema.parse(await apiRequest('/v1/announcements/has-unread')).data.has_unread;
}

export const getHasUnreadQueryOptions = () => queryOptions({ queryKey: announcementKeys.hasUnread, queryFn: getHasUnread, staleTime: 60_000, refetchInterval: 5 * 60_000 });

export function useHasUnread(enabled = true) {
  return useQuery({ ...getHasUnreadQueryOptions(), enabled });
}
