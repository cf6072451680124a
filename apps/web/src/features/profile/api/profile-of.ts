import { profileIncludes, profileReplySchema, type UserProfile } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';

/** Whose profile a tab shows: the signed-in user's (undefined) or, in Affiliate Details, an affiliate's. */
export type Target = number | undefined;

export const targetQuery = (userId: Target) => (userId === undefined ? {} : { user_id: userId });
export const profileKeyOf = (userId: Target) => (userId === undefined ? profileQueryKey : (['profile', 'user', userId] as const));

/** GET /v1/user/profile?user_id=: an affiliate's profile for staff with affiliates (Affiliate Details). */
export async function getProfileOf(userId: number): Promise<UserProfile> {
  return profileReplySchema.parse(await apiRequest('/v1/user/profile', { query: { include: profileIncludes, user_id: userId } })).data;
}

export const getProfileOfQueryOptions = (userId: number) => queryOptions({ queryKey: profileKeyOf(userId), queryFn: () => getProfileOf(userId), retry: false });

export function useProfileOf(userId: number) {
  return useQuery(getProfileOfQueryOptions(userId));
}
