import { createBrowserRouter } from 'react-router';
import { authPaths } from './routes/auth-paths.ts';

/** Routes load lazily so the first page ships only what it shows. */
export const router = createBrowserRouter([
  // Widget gallery: development and VITE_WIDGET_GALLERY=1 builds only (the browser tests use it).
  ...(import.meta.env.DEV || import.meta.env.VITE_WIDGET_GALLERY === '1' ? [{ path: '/dev/gallery', lazy: () => import('../features/gallery/gallery-page.tsx') }] : []),
  {
    // Router guard, part one: sign-in from the address (login_as, lac, lbc) on any route.
    lazy: () => import('./routes/session-root.tsx'),
    children: [
      { lazy: () => import('./routes/home-gate.tsx'), children: [{ path: '/', lazy: () => import('./routes/home.tsx') }] },
      { lazy: () => import('./routes/auth-screen.tsx'), children: authPaths.map((path) => ({ path })) },
      {
        // Router guard, part two: protected routes (requirements in features/session/route-access.ts).
        lazy: () => import('./routes/protected-layout.tsx'),
        children: [
          { path: '/dashboard', lazy: () => import('./routes/dashboard.tsx') },
          { path: '/profile', lazy: () => import('./routes/profile.tsx') },
          { path: '/affiliates', lazy: () => import('./routes/affiliates.tsx') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
