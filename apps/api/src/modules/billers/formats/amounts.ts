import { isCurrency, minorDigits, toMinorUnits } from '@portal/contracts';

/**
 * ISO 4217 numeric codes of the currencies billers post (CCBill sends `billedCurrencyCode=840`),
 * to the alphabetic ones we store.
 */
const byNumericCode: Record<string, string> = {
  '036': 'AUD',
  '124': 'CAD',
  '208': 'DKK',
  '392': 'JPY',
  '578': 'NOK',
  '752': 'SEK',
  '756': 'CHF',
  '826': 'GBP',
  '840': 'USD',
  '978': 'EUR',
};

/** A currency as a biller writes it (alphabetic or numeric ISO 4217) in upper-case letters, or undefined. */
export function currencyOf(value: string | undefined): string | undefined {
  const v = (value ?? '').trim().toUpperCase();
  if (/^\d{1,3}$/.test(v)) return byNumericCode[v.padStart(3, '0')];
  return isCurrency(v) ? v : undefined;
}

/** A decimal amount ("4.95") in the currency's minor units, or undefined when it is not one. */
export function minorOf(value: string | undefined, currency: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const units = toMinorUnits(value.trim(), minorDigits(currency) ?? 2);
  return units === undefined || units < 0 ? undefined : units;
}
