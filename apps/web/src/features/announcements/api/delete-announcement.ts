import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { announcementKeys } from './keys.ts';

/** DELETE /v1/announcements/{id}. */
export async function deleteAnnouncement(id: number): Promise<void> {
  await apiRequest(`/v1/announcements/${id}`, { method: 'DELETE' });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }) });
}
