import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';

// Import for its effect: i18next with every text of locales/en.ts, and react-i18next's
// useTranslation, from here on (the public pages' own texts work without it: lib/i18n.ts).
if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
}

export { i18n };
