import type { NetworkSite, ProgramRange } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { landingSectionIds, type LandingSectionId } from '../../features/site/landing-defaults.ts';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { describeProgram } from '../../features/site/home-data.ts';
import type { Translation } from '../../locales/en.ts';
import { usePublicContext } from './public-root.tsx';
import { t } from '../../lib/i18n.ts';

type Item = Translation['home']['features'][number];

function ItemCards({ items }: { items: Item[] }) {
  return (
    <div className="pub-cards">
      {items.map((item) => (
        <article key={item.title} className="pub-card">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </article>
      ))}
    </div>
  );
}

/** Our network: each active site with its logo (fixed box, so nothing moves as it loads) and a line. */
function NetworkCards({ sites }: { sites: NetworkSite[] }) {
  return (
    <div className="pub-cards">
      {sites.map((s) => (
        <article key={s.name} className="pub-card pub-site">
          {s.logo ? <img className="pub-site-logo" src={s.logo} alt={t('home.networkLogo', { name: s.display_name })} width={160} height={40} loading="lazy" decoding="async" /> : null}
          <h3>{s.display_name}</h3>
          <p>{s.line}</p>
        </article>
      ))}
    </div>
  );
}

/** Programs: the live payout range of each kind of active offer, then the referral program. */
function ProgramCards({ programs }: { programs: ProgramRange[] }) {
  const referral = t('home.referralProgram', { returnObjects: true }) as unknown as Item;
  return <ItemCards items={[...programs.map((p) => describeProgram(p, t)), referral]} />;
}

/** A section's illustration: the mobile image below the tablet breakpoint, the desktop one above. */
function SectionPicture({ id, first }: { id: LandingSectionId; first: boolean }) {
  const { images } = usePublicContext();
  return (
    <picture className="pub-picture">
      <source media="(max-width: 767px)" srcSet={images[id].mobile} width={600} height={600} />
      <img src={images[id].desktop} alt={t(`home.${id}Alt`)} width={960} height={540} loading={first ? 'eager' : 'lazy'} decoding="async" />
    </picture>
  );
}

/**
 * On a phone the header is one row: the logo, Sign Up and a menu holding the sections and Log In
 * (plain markup: no MUI on the public pages). A choice, Escape or a click elsewhere closes it.
 */
function HeaderMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', away);
    document.addEventListener('pointerdown', away);
    return () => {
      document.removeEventListener('keydown', away);
      document.removeEventListener('pointerdown', away);
    };
  }, [open]);
  return (
    <div className="pub-menu" ref={ref}>
      <button type="button" className="pub-btn" aria-label={t('home.menu')} aria-expanded={open} aria-controls="pub-menu-panel" onClick={() => setOpen((o) => !o)}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
        </svg>
      </button>
      {open ? (
        <nav id="pub-menu-panel" className="pub-menu-panel" aria-label={t('home.menu')}>
          {landingSectionIds.map((s) => (
            <Link key={s} to={`/?tab=${s}`} className="pub-btn" onClick={() => setOpen(false)}>
              {t(`nav.${s}`)}
            </Link>
          ))}
          <Link to="/signin" className="pub-btn" onClick={() => setOpen(false)}>
            {t('nav.login')}
          </Link>
        </nav>
      ) : null}
    </div>
  );
}

/** Home layout: header with the section links, Log In and Sign Up; hero; Features, Our network, Programs. */
export function Component() {
  const [params] = useSearchParams();
  const { contact, home } = usePublicContext();
  const tab = params.get('tab');

  // Again, at once, when the live network and programs arrive (after the page has loaded): they
  // replace the default cards above the section asked for, which would otherwise move out of view.
  const live = Boolean(home);
  useEffect(() => {
    if (tab && (landingSectionIds as readonly string[]).includes(tab)) {
      document.getElementById(tab)?.scrollIntoView({ behavior: live ? 'auto' : 'smooth' });
    }
  }, [tab, live]);

  return (
    <div className="pub-page">
      <header className="pub-header">
        <div className="pub-container pub-header-row">
          <Logo />
          <nav className="pub-nav" aria-label={t('home.sectionsLabel')}>
            {landingSectionIds.map((s) => (
              <Link key={s} to={`/?tab=${s}`} className="pub-btn">
                {t(`nav.${s}`)}
              </Link>
            ))}
          </nav>
          <div className="pub-actions">
            <Link to="/signin" className="pub-btn pub-wide-only">
              {t('nav.login')}
            </Link>
            <Link to="/signup" className="pub-btn pub-btn-primary">
              {t('nav.signup')}
            </Link>
            <HeaderMenu />
          </div>
        </div>
      </header>
      <main className="pub-main">
        <div className="pub-container pub-hero">
          <h1>{t('home.heroTitle')}</h1>
          <p className="pub-lead">{t('home.heroText')}</p>
          <Link to="/signup" className="pub-btn pub-btn-primary pub-btn-large">
            {t('home.heroCta')}
          </Link>
        </div>
        <section id="features" className="pub-section" aria-labelledby="features-title">
          <div className="pub-container">
            <h2 id="features-title">{t('home.featuresTitle')}</h2>
            <p>{t('home.featuresText')}</p>
            <SectionPicture id="features" first />
            <ItemCards items={t('home.features', { returnObjects: true }) as unknown as Item[]} />
          </div>
        </section>
        <section id="network" className="pub-section" aria-labelledby="network-title">
          <div className="pub-container">
            <h2 id="network-title">{t('home.networkTitle')}</h2>
            <p>{t('home.networkText')}</p>
            <SectionPicture id="network" first={false} />
            {home?.network.length ? <NetworkCards sites={home.network} /> : <ItemCards items={t('home.network', { returnObjects: true }) as unknown as Item[]} />}
          </div>
        </section>
        <section id="programs" className="pub-section" aria-labelledby="programs-title">
          <div className="pub-container">
            <h2 id="programs-title">{t('home.programsTitle')}</h2>
            <p>{t('home.programsText')}</p>
            <SectionPicture id="programs" first={false} />
            {home?.programs.length ? <ProgramCards programs={home.programs} /> : <ItemCards items={t('home.programs', { returnObjects: true }) as unknown as Item[]} />}
          </div>
        </section>
      </main>
      <SiteFooter contact={contact} standalone />
    </div>
  );
}
