import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetReturnAddress } from '../../../lib/return-address.ts';
import { session } from '../../../lib/session.ts';

/** POST /v1/authentication/logout revokes the session on the server; the tokens go whatever it answers. */
export async function logout(): Promise<void> {
  const current = session.get();
  if (current) {
    try {
      await apiRequest('/v1/authentication/logout', { method: 'POST', body: { refresh_token: current.refreshToken }, refresh: false });
    } catch {
      // Signing out must work offline and with a dead session too.
    }
  }
  session.clear();
}

/** Logout clears tokens and profile and returns to Home (SPEC.md section 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await logout();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
    await navigate('/', { replace: true });
    // Signing out on purpose is not a link to come back to.
    forgetReturnAddress();
  };
}
