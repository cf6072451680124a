import { common } from './en/common.ts';
import { home } from './en/home.ts';
import { auth, passwordInput } from './en/auth.ts';
import { forms } from './en/forms.ts';

/**
 * English texts: every text the app shows goes through i18next with these keys.
 * Each feature keeps its texts in a file of its own under en/ and is added here.
 */
export const en = {
  ...common,
  home,
  auth,
  passwordInput,
  forms,
};

export type Translation = typeof en;
