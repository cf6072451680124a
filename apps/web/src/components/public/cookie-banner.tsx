import { saveConsent, useConsent } from '../../lib/cookie-consent.ts';
import { t } from '../../lib/i18n.ts';

/** SPEC.md section 1: the cookie banner, until the person accepts or rejects (remembered one year). */
export function CookieBanner() {
  const consent = useConsent();
  if (consent) return null;
  return (
    <section className="cookie-banner" aria-label={t('site.cookies.label')}>
      <p>
        {t('site.cookies.text')}{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener">
          {t('site.cookies.privacy')}
        </a>
      </p>
      <div className="cookie-actions">
        <button type="button" className="pub-btn pub-btn-outlined" onClick={() => saveConsent('rejected')}>
          {t('site.cookies.reject')}
        </button>
        <button type="button" className="pub-btn pub-btn-primary" onClick={() => saveConsent('accepted')}>
          {t('site.cookies.accept')}
        </button>
      </div>
    </section>
  );
}
