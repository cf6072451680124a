import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { useProfile } from '../../features/session/api/get-profile.ts';
import { useLogout } from '../../features/session/api/logout.ts';
import { PageLoading } from '../../features/session/components/page-loading.tsx';
import { canVisit, meetsRequirement, requirementFor } from '../../features/session/route-access.ts';
import { alertError, refreshSession, useMaintenance } from '../../lib/api-client.ts';
import { isAccessTokenExpired, useSession } from '../../lib/session.ts';

/**
 * The protected part of the router guard (SPEC.md section 2): signed-out users go Home, an expired access
 * token is refreshed first, the user is loaded when missing, and a role or permission mismatch goes to Profile.
 * The header is a placeholder until the app shell (side menu, top bar) replaces it.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const tokens = useSession();
  const maintenance = useMaintenance();
  const expired = tokens ? isAccessTokenExpired(tokens.accessToken) : false;
  const profile = useProfile();
  const logout = useLogout();

  useEffect(() => {
    // A failed refresh logs out and says why (the client does both); the guard then sends the user Home.
    if (expired) refreshSession().catch(() => undefined);
  }, [expired]);

  useEffect(() => {
    // SPEC.md section 8: a user data load failure shows its message and leads to Profile.
    if (tokens && profile.isError) alertError(profile.error);
  }, [tokens, profile.isError, profile.error]);

  if (!tokens || maintenance) return <Navigate to="/" replace />;
  if (expired || profile.isPending) return <PageLoading />;
  if (profile.isError) return location.pathname === '/profile' ? null : <Navigate to="/profile" replace />;
  const user = profile.data;
  if (!meetsRequirement(user, requirementFor(location.pathname) ?? {})) return <Navigate to="/profile" replace />;

  const links = (['/dashboard', '/affiliates', '/profile'] as const).filter((path) => canVisit(user, path));
  const labels = { '/dashboard': t('auth.dashboard.title'), '/affiliates': t('auth.dashboard.affiliates'), '/profile': t('auth.dashboard.profile') };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="transparent" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <Logo />
          <Stack component="nav" direction="row" spacing={0.5} sx={{ flexGrow: 1, flexWrap: 'wrap' }}>
            {links.map((path) => (
              <Button key={path} component={RouterLink} to={path} color={location.pathname === path ? 'primary' : 'inherit'}>
                {labels[path]}
              </Button>
            ))}
          </Stack>
          <Button variant="outlined" color="inherit" onClick={() => void logout()}>
            {t('auth.dashboard.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
