import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { CookieBanner } from '../../components/public/cookie-banner.tsx';
import { PublicNotice } from '../../components/public/public-notice.tsx';
import type { HomeData } from '@portal/contracts';
import { readHomeData } from '../../features/site/home-data.ts';
import { defaultSectionImages, type SectionImages } from '../../features/site/landing-defaults.ts';
import { useCanonical } from '../../lib/canonical.ts';
import { firstScreenDrawn } from '../../lib/first-paint.ts';
import { useMaintenance } from '../../lib/maintenance.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.ts';
import { t } from '../../lib/i18n.ts';
import type { PublicDataProps } from './public-data.tsx';

const SessionRoot = lazy(() => import('./session-root.tsx').then((m) => ({ default: m.Component })));
const PublicData = lazy(() => import('./public-data.tsx'));

// ?lac, ?lbc or ?login_as (features/session/url-sign-in.ts reads them): tested here without importing it.
const signInParams = /[?&](?:lac|lbc|login_as)=/;

export interface PublicContext {
  images: SectionImages;
  /** Live network and programs: from the page the server sent, else once GET /v1/landing answers. */
  home: HomeData | undefined;
  /** Contact Us: visitors and clients, never staff. */
  contact: boolean;
}

export const usePublicContext = () => useOutletContext<PublicContext>();

/** Starts a callback once the page has loaded and the browser is idle, so the first paint waits for nothing else. */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => setReady(true), { timeout: 1500 }) : window.setTimeout(() => setReady(true), 1));
    if (document.readyState === 'complete') {
      idle();
      return undefined;
    }
    window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, []);
  return ready;
}

/** Same addresses: keeping the current object spares the page a re-render that would change nothing. */
const sameImages = (a: SectionImages, b: SectionImages) =>
  (Object.keys(a) as (keyof SectionImages)[]).every((id) => a[id].desktop === b[id]?.desktop && a[id].mobile === b[id]?.mobile);

/** The API data of the public pages, asked for once the page has loaded; its own state, so starting it re-renders nothing else. */
function DeferredData(props: PublicDataProps) {
  const ready = useAfterLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PublicData {...props} />
    </Suspense>
  );
}

/**
 * Root of the public pages (home, terms, privacy). They run without MUI, the query cache and the
 * schemas, which load after the page has shown; sign-in links (?lac, ?lbc, ?login_as) hand over
 * to the full router guard.
 */
export function Component() {
  const { search } = useLocation();
  const maintenance = useMaintenance();
  const signedIn = useSession() !== null;
  useCanonical();
  usePageTitle();
  // The app's routes (Log In and the rest, when a link is followed) need not wait for anything.
  useLayoutEffect(() => firstScreenDrawn(false), []);
  const [images, setImages] = useState<SectionImages>(defaultSectionImages);
  const [isClient, setIsClient] = useState<boolean>();
  const [home, setHome] = useState<HomeData | undefined>(readHomeData);
  // The same data as the page already holds: keep it, so nothing re-renders.
  const showHome = useCallback((next: HomeData) => setHome((current) => (current && JSON.stringify(current) === JSON.stringify(next) ? current : next)), []);
  const showImages = useCallback((next: SectionImages) => setImages((current) => (sameImages(current, next) ? current : next)), []);
  const contact = !signedIn || isClient === true;
  // A stable context: the page below re-renders only when what it shows changes.
  const context = useMemo<PublicContext>(() => ({ images, home, contact }), [images, home, contact]);

  if (signInParams.test(search)) {
    return (
      <Suspense fallback={null}>
        <SessionRoot />
      </Suspense>
    );
  }
  return (
    <>
      {maintenance ? (
        <div className="pub-banner" role="status">
          {t('site.maintenance')}
        </div>
      ) : null}
      <Outlet context={context} />
      <PublicNotice />
      <CookieBanner />
      <DeferredData onImages={showImages} onHome={showHome} onClient={setIsClient} />
    </>
  );
}
