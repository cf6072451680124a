import { enPublic } from '../locales/en-public.ts';

// The public pages' texts (home, terms, privacy, footer, cookie banner, the first paint of Log In)
// without i18next, so the first page carries neither its code nor its start-up work.
// lib/i18n-all.ts brings i18next and react-i18next with every text (locales/en.ts, which includes
// these) when the app, or a page that needs more, loads.
type Texts = { [key: string]: unknown };

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(target: Texts, source: Texts): Texts {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = isTexts(current) && isTexts(value) ? merge({ ...current }, value) : value;
  }
  return target;
}

const texts: Texts = merge({}, enPublic);

// The network's name as Global Settings holds it, which the server writes into every page it sends.
const brand = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
if (brand) texts.brand = brand;

/** Adds texts a public page brings with it (the legal pages theirs). */
export function addTexts(more: Texts): void {
  merge(texts, more);
}

/**
 * Translate on the public pages. The language is fixed (en) and the texts are there from the
 * start. As i18next's `t` with the app's options: `{{name}}` is replaced by `options.name`
 * (unescaped), an object or array comes back as it is (`returnObjects`), and a missing key
 * comes back as the key.
 */
export const t = (key: string, options: Record<string, unknown> = {}): string => {
  let value: unknown = texts;
  for (const part of key.split('.')) value = isTexts(value) || Array.isArray(value) ? (value as Texts)[part] : undefined;
  if (typeof value === 'string') return value.replace(/{{\s*(\w+)\s*}}/g, (match, name: string) => (name in options ? String(options[name]) : match));
  if (typeof value === 'object' && value !== null) return value as unknown as string;
  return key;
};
