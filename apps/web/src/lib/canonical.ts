import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Keeps `<link rel="canonical">` on the page's own address: the server writes it for the HTML it
 * sends, and the single-page app moves between pages without new HTML.
 */
export function useCanonical(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (link) link.href = new URL(pathname, location.origin).href;
  }, [pathname]);
}
