import isoCountries from 'i18n-iso-countries';

/**
 * The countries of the sign-up and profile forms: the current ISO 3166-1 alpha-2 codes from a
 * maintained list (retired codes such as DD, SU, YU, CS and AN are not in it), named by the
 * runtime's own Unicode CLDR data so no name is typed by hand. XK (Kosovo) is kept: it is not
 * assigned by ISO yet is the code in general use, and the visitor country database reports it.
 */
function countryList(locale: string): ReadonlyArray<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  return Object.keys(isoCountries.getAlpha2Codes())
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

export const countries = countryList('en');

const byCode = new Map(countries.map((c) => [c.code, c.name]));

/** A country's English name by its code, or null for a code not in the list. */
export function countryName(code: string): string | null {
  return byCode.get(code.toUpperCase()) ?? null;
}
