import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { ActivateAccount } from '../../features/auth/components/activate-account.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { SigninForm } from '../../features/auth/components/signin-form.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { TwoStepForm } from '../../features/auth/components/two-step-form.tsx';
import { useSession } from '../../lib/session.ts';
import { type AuthPath, authPaths } from './auth-paths.ts';


const screens: Record<AuthPath, () => ReactNode> = {
  '/signin': () => <SigninForm />,
  '/signup': () => <SignupForm />,
  '/forgot-password': () => <ForgotPasswordForm />,
  '/password-reset': () => <ResetPasswordForm />,
  '/activate-account': () => <ActivateAccount />,
  '/two-step-signin': () => <TwoStepForm />,
};

/** Auth layout: logo, content, footer. Signed-in users go to Dashboard. */
export function Component() {
  const { pathname } = useLocation();
  const tokens = useSession();
  if (tokens) return <Navigate to="/dashboard" replace />;
  const path = (authPaths as readonly string[]).includes(pathname) ? (pathname as AuthPath) : '/signin';
  const wide = path === '/signup';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 4 }, py: 2, display: 'flex' }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: { xs: 1.5, sm: 2 }, py: { xs: 2, md: 6 } }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: wide ? 760 : 460, p: { xs: 2.5, sm: 4 }, minWidth: 0 }}>
          {screens[path]()}
        </Paper>
      </Box>
      <SiteFooter contact />
    </Box>
  );
}
