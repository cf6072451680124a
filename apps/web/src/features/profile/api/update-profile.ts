import { type ProfileUpdate, profileIncludes, profileReplySchema, type UserProfile } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeyOf, type Target, targetQuery } from './profile-of.ts';

/** POST /v1/user/profile: form-serialised (id removed, methods a list); `?user_id=` for staff editing an affiliate. */
export async function updateProfile(body: ProfileUpdate, userId?: Target): Promise<UserProfile> {
  return profileReplySchema.parse(await apiRequest('/v1/user/profile', { method: 'POST', body, query: { include: profileIncludes, ...targetQuery(userId) } })).data;
}

export function useUpdateProfile(userId?: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(body, userId),
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeyOf(userId), data);
      return queryClient.invalidateQueries({ queryKey: profileKeyOf(userId) });
    },
  });
}
