import type { UserProfile } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { NotificationsBell } from '../../features/announcements/components/notifications-bell.tsx';
import { useProfile } from '../../lib/queries/get-profile.ts';
import { useLogout } from '../../features/session/api/logout.ts';
import { LoginAsBanner } from '../../features/session/components/login-as-banner.tsx';
import { PageLoading } from '../../features/session/components/page-loading.tsx';
import { canVisit, meetsRequirement, protectedRoutes, requirementFor } from '../../features/session/route-access.ts';
import { affiliatesListAddress, isAffiliateDetails, rememberAffiliatesList } from '../../features/shell/affiliate-details.ts';
import { AppLayout } from '../../features/shell/components/app-layout.tsx';
import { PageHeading } from '../../features/shell/components/page-heading.tsx';
import { IssueNotice, issueList } from '../../features/shell/components/profile-issues.tsx';
import { menuItems } from '../../features/shell/menu.ts';
import { timeNotes } from '../../features/shell/time-notes.ts';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { StaffMaintenanceBanner } from '../../features/session/components/staff-maintenance-banner.tsx';
import { TermsDialog } from '../../features/session/components/terms-dialog.tsx';
import { alertError, refreshSession, useMaintenance } from '../../lib/api-client.ts';
import { forgetReturnAddress, rememberReturnAddress } from '../../lib/return-address.ts';
import { isAccessTokenExpired, useSession } from '../../lib/session.ts';

/** The route pattern of an address (`/offers/7` -> `/offers/:id`). */
function routePattern(pathname: string): string | undefined {
  return Object.keys(protectedRoutes).find((pattern) => matchPath({ path: pattern, end: true }, pathname));
}

function Heading({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const pattern = routePattern(pathname) ?? '/profile';
  // The ':' of '/offers/:id' is not a namespace separator.
  let title = t(`shell.headings.${pattern}.title`, { nsSeparator: false });
  const subtitle = t(`shell.headings.${pattern}.subtitle`, { defaultValue: '', nsSeparator: false }) || undefined;
  let backTo: string | undefined;
  if (pattern === '/announcements' && user.is_client) title = t('shell.news');
  if (isAffiliateDetails(user, pathname, search)) {
    title = t('shell.affiliateDetails');
    backTo = affiliatesListAddress();
  }
  // The heading expands when a client has profile issues (SPEC.md section 2, top bar).
  const expand = user.is_client && issueList(user.issues).length > 0;
  // Affiliate Details shows moments (terms acceptances, sessions): said like every screen with times.
  const noteKind = backTo ? 'times' : timeNotes[pattern];
  return (
    <PageHeading title={title} subtitle={subtitle} backTo={backTo} note={noteKind ? t(`shell.timeNotes.${noteKind}`) : undefined}>
      {expand ? <IssueNotice issues={user.issues} /> : null}
    </PageHeading>
  );
}

/** Signed out (or maintenance): Home, remembering the address a signed-out visitor opened for after sign-in. */
function SignedOut({ remember }: { remember: boolean }) {
  const { pathname, search, hash } = useLocation();
  if (remember) rememberReturnAddress(`${pathname}${search}${hash}`);
  return <Navigate to="/" replace />;
}

/**
 * The protected part of the router guard (SPEC.md section 2): signed-out users go Home, an expired access
 * token is refreshed first, the user is loaded when missing, and a role or permission mismatch goes to Profile.
 * Then the app layout: side menu (the items the user may visit), top bar, page heading, footer.
 */
export function Component() {
  const location = useLocation();
  const tokens = useSession();
  const maintenance = useMaintenance();
  const expired = tokens ? isAccessTokenExpired(tokens.accessToken) : false;
  const profile = useProfile();
  const logout = useLogout();

  // Affiliate Details' Go back returns to the list with the filters it had.
  useEffect(() => rememberAffiliatesList(location.pathname, location.search), [location.pathname, location.search]);

  // Signed in on a page: a remembered address has served (or was passed by), it is not used again.
  const signedIn = Boolean(tokens) && !maintenance;
  useEffect(() => {
    if (signedIn) forgetReturnAddress();
  }, [signedIn]);

  useEffect(() => {
    // A failed refresh logs out and says why (the client does both); the guard then sends the user Home.
    if (expired) refreshSession().catch(() => undefined);
  }, [expired]);

  useEffect(() => {
    // SPEC.md section 8: a user data load failure shows its message and leads to Profile.
    if (tokens && profile.isError) alertError(profile.error);
  }, [tokens, profile.isError, profile.error]);

  if (!tokens || maintenance) return <SignedOut remember={!tokens} />;
  if (expired || profile.isPending) return <PageLoading />;
  if (profile.isError) return location.pathname === '/profile' ? null : <Navigate to="/profile" replace />;
  const user = profile.data;
  if (!meetsRequirement(user, requirementFor(location.pathname) ?? {})) return <Navigate to="/profile" replace />;

  const items = menuItems.filter((item) => canVisit(user, item.path));
  return (
    <AppLayout
      user={user}
      items={items}
      // Affiliate Details belongs to the Affiliates screen: the menu marks Affiliates, not Profile.
      pathname={isAffiliateDetails(user, location.pathname, location.search) ? '/affiliates' : location.pathname}
      onLogout={() => void logout()}
      bell={<NotificationsBell />}
      heading={<Heading user={user} />}
      footer={<SiteFooter contact={user.is_client} />}
    >
      {user.impersonated ? <LoginAsBanner onExit={logout} /> : null}
      {!user.is_client ? <StaffMaintenanceBanner /> : null}
      <Outlet />
      {/* A new Terms of Service version (or none accepted yet): only the affiliate can accept it, not staff signed in as them. */}
      {user.must_accept_terms && !user.impersonated ? <TermsDialog user={user} onLogout={() => void logout()} /> : null}
    </AppLayout>
  );
}
