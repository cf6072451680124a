/** A plain number as we write it ("12", "-3.50"): never read as a formula, so left as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * What a spreadsheet may run as a formula: a cell whose first character, after any leading
 * whitespace (spaces, tabs, line breaks: spreadsheets skip them), is `=`, `+`, `-` or `@` (or their
 * full-width forms), or that starts with a tab or carriage return.
 */
const FORMULA = /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/;

/** A cell that must be quoted: it holds a comma, a quote, a carriage return or a line feed. */
const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 quoting only: for files a bank or a tax authority reads in its own published format. */
export function quotedCell(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A cell of a CSV made for people to open: formula neutralising (OWASP "CSV injection": a sub ID
 * a visitor typed such as `=HYPERLINK(…)` gets a leading `'` so a spreadsheet shows it as text),
 * then RFC 4180 quoting. Numbers, negative amounts included, stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value);
  const s = value ?? '';
  return quotedCell(!PLAIN_NUMBER.test(s) && FORMULA.test(s) ? `'${s}` : s);
}

/**
 * Every CSV file we make for people to open (the one writer: conversion log, statistics,
 * affiliates, event history, payout statements and bank sheets): each cell through
 * {@link csvCell}, lines ended with CRLF.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
