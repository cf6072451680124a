import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';
import { i18n } from './i18n.ts';

// Import for its effect: react-i18next's useTranslation works from here on, with every text of
// locales/en.ts next to the public ones (both steps are idempotent).
initReactI18next.init(i18n);
i18n.addResourceBundle('en', 'translation', en, true, true);
