/**
 * Checks of payment details for what they are (docs/money.md, billing details): the same code
 * runs in the billing form and on the server.
 */

/** IBAN length per country (SWIFT IBAN registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Spaces and case do not matter in an IBAN or a BIC as people type them. */
export const compactCode = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/** An IBAN: known country, that country's length, and ISO 13616 mod-97 check digits. */
export function isValidIban(input: string): boolean {
  const iban = compactCode(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** ISO 3166 alpha-2 codes a BIC's country part may carry (plus XK, used by banks in Kosovo). */
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
    'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
    'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * A SWIFT/BIC (ISO 9362): 4 letters of bank, a known country, 2 of location (the second not the
 * letter O, which marks test codes), and an optional 3 of branch. A BIC carries no check digit;
 * its country is what can be checked.
 */
export function isValidBic(input: string): boolean {
  const bic = compactCode(input);
  const m = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/.exec(bic);
  return Boolean(m && COUNTRIES.has(m[2]!) && m[3]![1] !== 'O');
}

/** A US ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidRoutingNumber(input: string): boolean {
  const n = input.trim();
  if (!/^\d{9}$/.test(n)) return false;
  const d = [...n].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0 && n !== '000000000';
}

/** A USDT wallet address by network: TRC-20 (Tron, base58, T + 33) or ERC-20 (Ethereum, 0x + 40 hex). */
export function isValidWalletAddress(network: 'trc20' | 'erc20', input: string): boolean {
  const a = input.trim();
  if (network === 'trc20') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a);
  return /^0x[0-9a-fA-F]{40}$/.test(a);
}
