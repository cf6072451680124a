import i18n from 'i18next';
import { enPublic } from '../locales/en-public.ts';

// Starts with the public pages' texts only and without react-i18next, so the home page stays
// small; lib/i18n-all.ts adds every other text and react-i18next when the app (or a page that
// needs more) loads.
void i18n.init({
  resources: { en: { translation: enPublic } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
});

/**
 * Translate on the public pages (home, terms, privacy, footer, cookie banner). The language is
 * fixed (en) and their texts are there from the start, so they need no re-render on change.
 */
export const t = (key: string, options: Record<string, unknown> = {}): string => i18n.t(key, options) as string;

export { i18n };
