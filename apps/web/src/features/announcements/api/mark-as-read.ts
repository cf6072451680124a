import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { hasUnreadReplySchema } from './get-has-unread.ts';
import { announcementKeys } from './keys.ts';

/** POST /v1/announcements/mark-as-read with the ids in the body. */
export async function markAsRead(ids: number[]): Promise<boolean> {
  return hasUnreadReplySchema.parse(await apiRequest('/v1/announcements/mark-as-read', { method: 'POST', body: { ids } })).data.has_unread;
}

export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onSuccess: (hasUnread) => {
      queryClient.setQueryData(announcementKeys.hasUnread, hasUnread);
      return queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
