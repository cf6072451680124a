import { type ProfileUpdate, profileReplySchema, type UserProfile } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';

/** POST /v1/user/profile: form-serialised (id removed, methods a list). */
export async function updateProfile(body: ProfileUpdate): Promise<UserProfile> {
  return profileReplySchema.parse(await apiRequest('/v1/user/profile', { method: 'POST', body })).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
