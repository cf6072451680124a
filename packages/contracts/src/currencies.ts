import { data as iso4217 } from 'currency-codes';

/**
 * The currencies a site may report: the current ISO 4217 list as the `currency-codes` package
 * keeps it (not the runtime's display data, which knows withdrawn and made-up codes), less the
 * X-codes that are no money: precious metals, bond units, the SDR and other units of account, the
 * testing code and "no currency" (their minor unit is "N.A." in the ISO list; a test checks it).
 */
export const nonMoneyCodes = ['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX'] as const;
const refused = new Set<string>(nonMoneyCodes);

/** Minor digits per currency code: JPY 0, USD 2, BHD 3, ... */
const minorDigitsByCode: ReadonlyMap<string, number> = new Map(iso4217.filter((c) => !refused.has(c.code)).map((c) => [c.code, c.digits]));

/** Every accepted code, sorted. */
export const currencyCodes: readonly string[] = [...minorDigitsByCode.keys()].sort();

export const isCurrency = (code: string): boolean => minorDigitsByCode.has(code);

/** The currency's minor digits (ISO 4217 minor unit), or undefined for a code that is not a currency. */
export const minorDigits = (code: string): number | undefined => minorDigitsByCode.get(code);

/** The network's own currency: payouts, earnings and every USD figure. */
export const BASE_CURRENCY = 'USD';
