import { profileIncludes, profileReplySchema, type UserProfile } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useSession } from '../session.ts';

export const profileQueryKey = ['profile', 'me'] as const;

/** GET /v1/user/profile with every relation SPEC.md section 7 lists. */
export async function getProfile(): Promise<UserProfile> {
  const reply = await apiRequest('/v1/user/profile', { query: { include: profileIncludes } });
  return profileReplySchema.parse(reply).data;
}

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 60_000, retry: false });

/** The signed-in user, loaded when missing; disabled while signed out. */
export function useProfile() {
  const tokens = useSession();
  return useQuery({ ...getProfileQueryOptions(), enabled: tokens !== null });
}
