import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { hasUnreadReplySchema } from './get-has-unread.ts';
import { announcementKeys } from './keys.ts';

/** POST /v1/announcements/mark-all-as-read (the signed-in affiliate's news). */
export async function markAllAsRead(): Promise<boolean> {
  return hasUnreadReplySchema.parse(await apiRequest('/v1/announcements/mark-all-as-read', { method: 'POST' })).data.has_unread;
}

export function useMarkAllAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAsRead,
    onSuccess: (hasUnread) => {
      queryClient.setQueryData(announcementKeys.hasUnread, hasUnread);
      return queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
