import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo.tsx';
import './auth-layout.css';

export interface AuthLayoutProps {
  /** Sign Up's two columns. */
  wide?: boolean;
  /** The site's footer, which the page brings (features do not import each other). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The auth screens' layout: logo, the content on a panel, footer. Plain markup (auth-layout.css),
 * shared by the auth screen and the first paint of Log In, so both draw the same page.
 */
export function AuthLayout({ wide = false, footer, children }: AuthLayoutProps) {
  return (
    <div className="auth-screen">
      <header className="auth-header">
        <Logo />
      </header>
      <main className="auth-main">
        <div className={wide ? 'auth-panel auth-panel-wide' : 'auth-panel'}>{children}</div>
      </main>
      {footer}
    </div>
  );
}
