import { isFirstPaintUsable } from '../lib/first-paint.ts';

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
  'conversion-log': () => import('./routes/conversion-log.tsx'),
  fraud: () => import('./routes/fraud.tsx'),
  'biller-events': () => import('./routes/biller-events.tsx'),
  campaigns: () => import('./routes/campaigns.tsx'),
  offers: () => import('./routes/offers.tsx'),
  creatives: () => import('./routes/creatives.tsx'),
  'offer-detail': () => import('./routes/offer-detail.tsx'),
  affiliates: () => import('./routes/affiliates.tsx'),
  'affiliates-tax-forms': () => import('./routes/affiliates-tax-forms.tsx'),
  payouts: () => import('./routes/payouts.tsx'),
  payments: () => import('./routes/payments.tsx'),
  settings: () => import('./routes/settings.tsx'),
  announcements: () => import('./routes/announcements.tsx'),
  profile: () => import('./routes/profile.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
  // Development and VITE_WIDGET_GALLERY=1 builds only (the browser tests use it).
  gallery: () => (import.meta.env.DEV || import.meta.env.VITE_WIDGET_GALLERY === '1' ? import('./routes/gallery.tsx') : Promise.reject(new Error('No widget gallery in this build'))),
};

export type PageName = keyof typeof pages;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What every app route needs, evaluated a part at a time while the first paint of Log In is in
 * use (lib/first-paint.ts): the API client with the schemas, then the theme, the providers and
 * every text, then the route. Each part runs in a task of its own, so the page answers input
 * between them instead of blocking for the whole lot. Otherwise everything loads at once.
 */
let shared: Promise<unknown> | undefined;
function loadShared(): Promise<unknown> {
  shared ??= import('../lib/api-client.ts')
    .then(nextTask)
    .then(() => Promise.all([import('./provider.tsx'), import('../lib/i18n-all.ts')]))
    .then(nextTask);
  return shared;
}

export function loadPage(name: PageName): Promise<Record<string, unknown>> {
  return isFirstPaintUsable() ? loadShared().then(() => pages[name]()) : pages[name]();
}
