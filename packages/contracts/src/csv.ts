import { stringify } from 'csv-stringify/sync';

/** A plain number as we write it ("12", "-3.50"): never read as a formula, so left as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Every CSV file we produce: RFC 4180 quoting and CRLF line ends, and formula neutralising
 * (OWASP "CSV injection"): a cell starting with `=`, `+`, `-`, `@`, tab or carriage return, such
 * as a sub ID a visitor typed into a tracking link, gets a leading `'` so a spreadsheet shows it as
 * text instead of running it. Numbers, negative amounts included, stay numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return stringify([[...header], ...rows.map((r) => [...r])], {
    record_delimiter: '\r\n',
    escape_formulas: true,
    cast: { string: (value) => (PLAIN_NUMBER.test(value) ? { value, escape_formulas: false } : value) },
  });
}
