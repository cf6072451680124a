import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ActivateAccount } from '../../features/auth/components/activate-account.tsx';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { SigninForm } from '../../features/auth/components/signin-form.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { TwoStepForm } from '../../features/auth/components/two-step-form.tsx';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { useMaintenance } from '../../lib/maintenance.ts';
import { useSession } from '../../lib/session.ts';
import { type AuthPath, authPaths } from './auth-paths.ts';
import { signedInAddress } from '../../lib/return-address.ts';

const screens: Record<AuthPath, () => ReactNode> = {
  '/signin': () => <SigninForm />,
  '/signup': () => <SignupForm />,
  '/forgot-password': () => <ForgotPasswordForm />,
  '/password-reset': () => <ResetPasswordForm />,
  '/activate-account': () => <ActivateAccount />,
  '/two-step-signin': () => <TwoStepForm />,
};

/** Auth layout: logo, content, footer. Signed-in users go to Dashboard. */
const signInPaths = new Set(['/signin', '/two-step-signin']);

export function Component() {
  const { pathname } = useLocation();
  const tokens = useSession();
  const maintenance = useMaintenance();
  if (tokens) return <Navigate to={signedInAddress()} replace />;
  // While maintenance is on, visitors get the home page; Log In and its second step stay, so staff can sign in.
  if (maintenance && !signInPaths.has(pathname)) return <Navigate to="/" replace />;
  const path = (authPaths as readonly string[]).includes(pathname) ? (pathname as AuthPath) : '/signin';
  return <AuthLayout wide={path === '/signup'} footer={<SiteFooter contact />}>{screens[path]()}</AuthLayout>;
}
