import type { UserProfile } from '@portal/contracts';
import { useProfile } from '../../lib/queries/get-profile.ts';

/** The signed-in user inside protected pages: the router guard renders them only once the profile has loaded. */
export function useCurrentUser(): UserProfile {
  const { data } = useProfile();
  if (!data) throw new Error('useCurrentUser is used outside the protected routes');
  return data;
}
