import type { TokenPair } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signedInAddress } from '../../../lib/return-address.ts';
import { session } from '../../../lib/session.ts';
import { clearTwoStepSession } from './two-step.ts';

/**
 * Stores the tokens, drops what an earlier user left in the cache, and goes where a link opened while
 * signed out pointed, else to Dashboard (the guard loads the profile and sends a page the user may not
 * visit to Profile).
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (pair: TokenPair) => {
    clearTwoStepSession();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
    session.set(pair);
    await navigate(signedInAddress(), { replace: true });
  };
}
