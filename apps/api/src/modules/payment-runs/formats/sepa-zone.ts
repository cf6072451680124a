import type { RunItem } from './types.ts';

/**
 * The SEPA scheme's countries by the IBAN's country code (EPC list of countries in the SEPA
 * schemes' geographical scope): the EU and EEA, Switzerland, the United Kingdom, Gibraltar,
 * Monaco, San Marino, Vatican City, Andorra, Albania, Moldova, Montenegro and North Macedonia.
 * Territories bank under their country's code (Jersey and the Isle of Man GB, the French
 * overseas departments FR, Åland FI).
 */
const SEPA_COUNTRIES = new Set([
  'AD', 'AL', 'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GI', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT',
  'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'SM', 'VA',
]);

/** Whether a country (ISO 3166 alpha-2) is in the SEPA scheme's zone. */
export function isSepaCountry(country: string): boolean {
  return SEPA_COUNTRIES.has(country.toUpperCase());
}

/** An IBAN as the file prints it: upper case, no spaces. */
export const compactIban = (iban: string): string => iban.replace(/[\s-]/g, '').toUpperCase();

/** Whether a wire item goes in the SEPA part: EUR to an IBAN of the SEPA zone. */
export function isSepaTransfer(item: RunItem): boolean {
  return item.currency === 'EUR' && item.iban !== undefined && isSepaCountry(compactIban(item.iban).slice(0, 2));
}

/** Letters that are not a base letter with accents: what they are written as in the SEPA set. */
const SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', ł: 'l', Ł: 'L',
  þ: 'th', Þ: 'TH', ı: 'i', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T', ĸ: 'k', ŋ: 'n', Ŋ: 'N', '&': '+', '_': '-', '’': "'", '‘': "'",
  '´': "'", '`': "'", '"': "'", '“': "'", '”': "'", '–': '-', '—': '-', '«': "'", '»': "'",
};

const SEPA_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** One character in the SEPA set: itself, its transliteration, or a space when it has none. */
function sepaChar(ch: string): string {
  if (SEPA_CHAR.test(ch)) return ch;
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
  return base.length > 0 && [...base].every((c) => SEPA_CHAR.test(c)) ? base : ' ';
}

/**
 * Text in the SEPA (and SWIFT) character set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. Accents
 * are dropped (é -> e, ü -> u), ß -> ss, æ -> ae, & -> +; anything else becomes a space; spaces
 * are collapsed; then cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  let out = '';
  if (SEPA_TEXT.test(text)) out = text;
  else for (const ch of text.normalize('NFC')) out += sepaChar(ch);
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** Whether text has letters or digits that the SEPA set can only write as spaces (Cyrillic, Chinese...). */
export function losesLetters(text: string): boolean {
  for (const ch of text.normalize('NFC')) if (/[\p{L}\p{N}]/u.test(ch) && sepaChar(ch) === ' ') return true;
  return false;
}
