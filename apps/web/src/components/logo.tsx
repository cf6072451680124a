import { Link } from 'react-router';
import { t } from '../lib/i18n.ts';

/** The brand: plain markup (styles in components/public/public.css) so the public pages need no MUI. */
export function Logo() {
  return (
    <Link to="/" className="pub-logo">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{t('brand')}</span>
    </Link>
  );
}
