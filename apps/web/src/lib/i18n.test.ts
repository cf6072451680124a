import { describe, expect, it } from 'vitest';
import { enPublic } from '../locales/en-public.ts';
import { i18n } from './i18n-all.ts';
import { addTexts, t } from './i18n.ts';

/** Every key of a texts object, with the dots i18next reads. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('public texts without i18next', () => {
  it('give what i18next gives for every public key', () => {
    const options = { year: 2026, date: 'November 22, 2026', returnObjects: true };
    const all = keys(enPublic);
    expect(all.map((key) => [key, t(key, options)])).toEqual(all.map((key) => [key, i18n.t(key, options)]));
  });

  it('answer a missing key with the key, and leave an unknown value as it is', () => {
    expect(t('nav.nowhere')).toBe('nav.nowhere');
    expect(t('footer.rights')).toBe('© {{year}} {{brand}}. All rights reserved.');
  });

  it("add a page's texts without dropping the others", () => {
    addTexts({ site: { extra: 'More' } });
    expect(t('site.extra')).toBe('More');
    expect(t('site.footer.terms')).toBe('Terms and Conditions');
  });
});
