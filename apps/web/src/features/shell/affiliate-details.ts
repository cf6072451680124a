import type { UserProfile } from '@portal/contracts';

/** Staff looking at an affiliate's profile (`/profile?user=…&id=…`): headed Affiliate Details with Go back. */
export function isAffiliateDetails(user: Pick<UserProfile, 'is_client'>, pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  return pathname === '/profile' && !user.is_client && params.has('user') && params.has('id');
}
