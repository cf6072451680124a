import type { TokenPair } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session.ts';
import { clearTwoStepSession } from './two-step.ts';

/** Stores the tokens, drops what an earlier user left in the cache, and goes to Dashboard (the guard loads the profile). */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (pair: TokenPair) => {
    clearTwoStepSession();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
    session.set(pair);
    await navigate('/dashboard', { replace: true });
  };
}
