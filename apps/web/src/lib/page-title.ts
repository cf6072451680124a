import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { t } from './i18n.ts';

/** "Statistics · VR Affiliate Network": the tab says which page it holds. */
export const pageTitle = (heading: string) => `${heading} · ${t('brand')}`;

/** The title the server wrote from the SEO settings, which the home page keeps. */
const seoTitle = typeof document === 'undefined' ? '' : document.title;

/**
 * Keeps the browser tab's title on the page's heading (its h1), on every page under the route
 * root that calls it. The home page keeps the title its SEO settings give it.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/') {
      if (seoTitle) document.title = seoTitle;
      return undefined;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = document.querySelector('h1')?.textContent?.trim();
      if (heading && document.title !== pageTitle(heading)) document.title = pageTitle(heading);
    };
    update();
    // Headings arrive with lazy pages and change with the data (Affiliate Details): follow them.
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [pathname]);
}
