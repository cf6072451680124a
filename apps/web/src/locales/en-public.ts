import { common } from './en/common.ts';
import { home } from './en/home.ts';
import { passwordInput, signin } from './en/signin.ts';
import { site } from './en/site.ts';

/**
 * The texts the public pages need at first paint (home, footer, cookie banner) and the first paint
 * of Log In. Everything in en.ts joins them when the app or a page that needs more loads
 * (lib/i18n-all.ts).
 */
export const enPublic = { ...common, home, site, auth: { signin }, passwordInput };
