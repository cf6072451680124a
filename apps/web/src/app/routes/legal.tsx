import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { addTexts, t } from '../../lib/i18n.ts';
import { legal } from '../../locales/en/legal.ts';
import { usePublicContext } from './public-root.tsx';

// The legal texts join the public ones with this page only (they are long, and the home page does not need them).
addTexts({ legal });

type Doc = 'terms' | 'privacy';
interface Section {
  heading: string;
  paragraphs: string[];
}

/** Short-header layout: the terms and privacy pages (SPEC.md section 2). */
export function Component() {
  const { pathname } = useLocation();
  const { contact } = usePublicContext();
  const doc: Doc = pathname === '/privacy-policy' ? 'privacy' : 'terms';
  const sections = t(`legal.${doc}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <div className="pub-page">
      <header className="pub-header">
        <div className="pub-container pub-header-row">
          <Logo />
          <div className="pub-actions">
            <Link to="/" className="pub-btn">
              {t('site.shortHeader.home')}
            </Link>
          </div>
        </div>
      </header>
      <main className="pub-main">
        <article className="pub-container pub-legal">
          <h1>{t(`legal.${doc}.title`)}</h1>
          <p className="pub-updated">{t('legal.updated', { date: t('legal.updatedDate') })}</p>
          <p>{t(`legal.${doc}.intro`)}</p>
          {sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter contact={contact} standalone />
    </div>
  );
}
