import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginByCode } from '../../features/auth/api/login-by-code.ts';
import { MaintenanceBanner } from '../../features/session/components/maintenance-banner.tsx';
import { PageLoading } from '../../features/session/components/page-loading.tsx';
import { codeParams, loginAsParams, readLoginAs, readLoginCode, withoutParams } from '../../features/session/url-sign-in.ts';
import { alertError } from '../../lib/api-client.ts';
import { useCanonical } from '../../lib/canonical.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import '../../lib/i18n-all.ts';
import { CookieBanner } from '../../components/public/cookie-banner.tsx';
import { AppProvider } from '../provider.tsx';
import { session, useSession } from '../../lib/session.ts';

// Codes already sent: a one-time code is exchanged once, even when effects run twice.
const exchanged = new Set<string>();

/**
 * Root of the app's routes (auth screens, protected pages, 404): the app's providers (theme, query
 * cache, notifications) and every text; the public pages (public-root.tsx) load without them.
 */
export function Component() {
  return (
    <AppProvider>
      <Guard />
    </AppProvider>
  );
}

/**
 * The first part of the router guard (SPEC.md section 2), around every route:
 * sign-in from the address (login_as, lac, lbc), and dropping user data once signed out.
 */
function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tokens = useSession();
  const loginAs = readLoginAs(location.search);
  const code = readLoginCode(location.search);
  const byCode = useMutation({ mutationFn: loginByCode });
  useCanonical();
  usePageTitle();
  const { mutate } = byCode;

  useEffect(() => {
    if (!tokens) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
  }, [tokens, queryClient]);

  // Login as: the tokens belong to this tab only, and leave the address bar before anything else renders.
  useLayoutEffect(() => {
    if (!loginAs) return;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
    session.set(loginAs, { tabScoped: true });
    void navigate({ pathname: location.pathname, search: withoutParams(location.search, loginAsParams), hash: location.hash }, { replace: true });
  }, [loginAs, location.pathname, location.search, location.hash, navigate, queryClient]);

  useEffect(() => {
    if (!code || exchanged.has(code)) return;
    exchanged.add(code);
    const rest = { pathname: location.pathname, search: withoutParams(location.search, codeParams), hash: location.hash };
    mutate(code, {
      onSuccess: (pair) => {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
        session.set(pair);
      },
      onError: alertError,
      onSettled: () => void navigate(rest, { replace: true }),
    });
  }, [code, location.pathname, location.search, location.hash, navigate, queryClient, mutate]);

  return (
    <>
      <MaintenanceBanner />
      {loginAs || code || byCode.isPending ? <PageLoading /> : <Outlet />}
      <CookieBanner />
    </>
  );
}
