/**
 * The lazily loaded modules of the app's routes, kept out of the first page's entry: the router
 * names them by key, and only this small chunk knows their files (docs/web-shell.md, speed).
 */
const pages = {
  'session-root': () => import('./routes/session-root.tsx'),
  'auth-screen': () => import('./routes/auth-screen.tsx'),
  'protected-layout': () => import('./routes/protected-layout.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  'coming-soon': () => import('./routes/coming-soon.tsx'),
  statistics: () => import('./routes/statistics.tsx'),
  campaigns: () => import('./routes/campaigns.tsx'),
  offers: () => import('./routes/offers.tsx'),
  'offer-detail': () => import('./routes/offer-detail.tsx'),
  affiliates: () => import('./routes/affiliates.tsx'),
  announcements: () => import('./routes/announcements.tsx'),
  profile: () => import('./routes/profile.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
  // Development and VITE_WIDGET_GALLERY=1 builds only (the browser tests use it).
  gallery: () => (import.meta.env.DEV || import.meta.env.VITE_WIDGET_GALLERY === '1' ? import('./routes/gallery.tsx') : Promise.reject(new Error('No widget gallery in this build'))),
};

export type PageName = keyof typeof pages;

export function loadPage(name: PageName): Promise<Record<string, unknown>> {
  return pages[name]();
}
