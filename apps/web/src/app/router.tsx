import { createBrowserRouter } from 'react-router';
import { AppFirstPaint } from '../features/auth/components/signin-first-paint.tsx';
import { SiteFooter } from '../features/site/components/site-footer.tsx';
import { firstPaint } from '../lib/first-paint.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { ChunkError } from './routes/chunk-error.tsx';
import type { PageName } from './app-pages.ts';
import { authPaths } from './routes/auth-paths.ts';
import { Component as HomeGate } from './routes/home-gate.tsx';
import { Component as Home } from './routes/home.tsx';
import { Component as PublicRoot } from './routes/public-root.tsx';

/**
 * A route module loaded on demand through app-pages.ts (one small chunk lists them all), once the
 * first screen has been painted (lib/first-paint.ts).
 */
/** The first paint of Log In runs outside the app's providers: Contact Us brings its own. */
const FirstPaint = () => <AppFirstPaint footer={<SiteFooter contact standalone />} />;

const page = (name: PageName) => () =>
  firstPaint.then(() => loadChunk(() => import('./app-pages.ts').then((m) => m.loadPage(name))));

/**
 * The home page is part of the entry (it is the first page most people see); every other route
 * loads lazily. The public pages (home, terms, privacy) sit under a small root without MUI or the
 * query cache; everything else under session-root, which brings the app's providers (docs/web-shell.md).
 */
export const router = createBrowserRouter([
  // Widget gallery: development and VITE_WIDGET_GALLERY=1 builds only (the browser tests use it).
  ...(import.meta.env.DEV || import.meta.env.VITE_WIDGET_GALLERY === '1' ? [{ path: '/dev/gallery', lazy: page('gallery') }] : []),
  {
    Component: PublicRoot,
    children: [
      { Component: HomeGate, children: [{ path: '/', Component: Home }] },
      { path: '/terms-and-conditions', lazy: () => loadChunk(() => import('./routes/legal.tsx')), ErrorBoundary: ChunkError },
      { path: '/privacy-policy', lazy: () => loadChunk(() => import('./routes/legal.tsx')), ErrorBoundary: ChunkError },
    ],
  },
  {
    // Router guard, part one: sign-in from the address (login_as, lac, lbc) on any route.
    lazy: page('session-root'),
    // A route whose code could not be loaded in 120 s (or that failed) says so, with a reload button.
    ErrorBoundary: ChunkError,
    // While the first lazy route loads: Log In in plain markup, elsewhere nothing (the background is already dark).
    HydrateFallback: FirstPaint,
    children: [
      { lazy: page('auth-screen'), children: authPaths.map((path) => ({ path })) },
      {
        // Router guard, part two: protected routes (requirements in features/session/route-access.ts) in the app layout.
        lazy: page('protected-layout'),
        children: [
          { path: '/dashboard', lazy: page('dashboard') },
          { path: '/statistics', lazy: page('statistics') },
          { path: '/conversion-log', lazy: page('conversion-log') },
          { path: '/fraud', lazy: page('fraud') },
          { path: '/biller-events', lazy: page('biller-events') },
          { path: '/campaigns', lazy: page('campaigns') },
          { path: '/offers', lazy: page('offers') },
          { path: '/offers/:id', lazy: page('offer-detail') },
          { path: '/creatives', lazy: page('creatives') },
          { path: '/payouts', lazy: page('payouts') },
          { path: '/payments', lazy: page('payments') },
          { path: '/settings', lazy: page('settings') },
          { path: '/affiliates', lazy: page('affiliates') },
          { path: '/affiliates/tax-forms', lazy: page('affiliates-tax-forms') },
          { path: '/announcements', lazy: page('announcements') },
          { path: '/profile', lazy: page('profile') },
        ],
      },
      { path: '*', lazy: page('not-found') },
    ],
  },
]);
