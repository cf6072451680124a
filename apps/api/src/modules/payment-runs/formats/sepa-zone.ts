import type { RunItem } from './types.ts';

/** Whether a country (ISO 3166 alpha-2) is in the SEPA scheme's zone. */
export function isSepaCountry(country: string): boolean {
  void country;
  throw new Error('not implemented yet');
}

/** Whether a wire item goes in the SEPA part: EUR to an IBAN of the SEPA zone. */
export function isSepaTransfer(item: RunItem): boolean {
  void item;
  throw new Error('not implemented yet');
}

/** Text in the SEPA character set (transliterated: é -> e, ß -> ss), cut to `max` characters. */
export function sepaText(text: string, max: number): string {
  void text;
  void max;
  throw new Error('not implemented yet');
}
