import { profileReplySchema, type UserProfile } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeyOf, type Target, targetQuery } from './profile-of.ts';

/** POST /v1/user/avatar (multipart, field avatar): the server checks the image by its content. */
export async function uploadAvatar(file: File, userId: Target): Promise<UserProfile> {
  const body = new FormData();
  body.append('avatar', file);
  return profileReplySchema.parse(await apiRequest('/v1/user/avatar', { method: 'POST', body, query: targetQuery(userId) })).data;
}

/** DELETE /v1/user/avatar: back to the initials. */
export async function removeAvatar(userId: Target): Promise<UserProfile> {
  return profileReplySchema.parse(await apiRequest('/v1/user/avatar', { method: 'DELETE', query: targetQuery(userId) })).data;
}

export function useAvatar(userId: Target) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: profileKeyOf(userId) });
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadAvatar(file, userId), onSuccess }),
    remove: useMutation({ mutationFn: () => removeAvatar(userId), onSuccess }),
  };
}
