import { lazy, Suspense, useState } from 'react';
import { t } from '../../../lib/i18n.ts';

// The dialog (MUI, the form, the bot check) loads on the first click only.
const ContactDialog = lazy(() => import('./contact-dialog.tsx'));

// The year is read once per page load; a footer does not need to tick over at midnight.
const year = new Date().getFullYear();

export interface SiteFooterProps {
  /** Offer Contact Us: visitors and clients only, never staff (SPEC.md section 6). */
  contact: boolean;
  /** On the public pages, which run without the app's providers: the dialog brings its own. */
  standalone?: boolean;
}

/** Footer of every layout: terms and privacy (new tab), Contact Us, copyright. Plain markup, no MUI. */
export function SiteFooter({ contact, standalone = false }: SiteFooterProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <footer className="site-footer">
      <nav className="site-footer-links" aria-label={t('site.footer.label')}>
        <a href="/terms-and-conditions" target="_blank" rel="noopener">
          {t('site.footer.terms')}
          <span className="visually-hidden"> {t('site.footer.newTab')}</span>
        </a>
        <a href="/privacy-policy" target="_blank" rel="noopener">
          {t('site.footer.privacy')}
          <span className="visually-hidden"> {t('site.footer.newTab')}</span>
        </a>
        {contact ? (
          <button
            type="button"
            className="site-footer-link"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {t('site.footer.contact')}
          </button>
        ) : null}
      </nav>
      <p>{t('footer.rights', { year, brand: t('brand') })}</p>
      {contact && opened ? (
        <Suspense fallback={null}>
          <ContactDialog open={open} onClose={() => setOpen(false)} standalone={standalone} />
        </Suspense>
      ) : null}
    </footer>
  );
}
