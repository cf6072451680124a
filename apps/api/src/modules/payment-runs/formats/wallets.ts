import { decimalOf } from './sepa.ts';
import { type RunFile, RunFileError, type RunFileInput, type RunItem } from './types.ts';

/**
 * A CSV cell for a payment processor (RFC 4180): quoted when it holds a comma, a quote or a line
 * break. Unlike the people-facing sheets, nothing is prefixed: the processor reads the data as
 * it is, and an email or a note must arrive unchanged. Line breaks inside a note become spaces.
 */
export function dataCell(value: string): string {
  const s = value.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const lines = (rows: string[][]) => rows.map((r) => `${r.map(dataCell).join(',')}\r\n`).join('');

function csvFile(input: RunFileInput, rail: string, rows: string[][]): RunFile {
  const seen = new Set<string>();
  for (const item of input.items) {
    if (seen.has(item.reference)) throw new RunFileError(`Two items share the reference ${item.reference}.`);
    seen.add(item.reference);
    if (!input.paying_accounts.some((a) => a.id === item.paying_account_id && a.rail === rail)) throw new RunFileError(`Item ${item.reference}: no ${rail} paying account ${item.paying_account_id}.`);
  }
  return {
    body: lines(rows),
    contentType: 'text/csv; charset=utf-8',
    fileName: `${input.message_id.replace(/[^A-Za-z0-9-]+/g, '-')}.${rail}.csv`,
    controlSumCents: input.items.reduce((s, i) => s + i.amount_cents, 0),
    count: input.items.length,
  };
}

const note = (item: RunItem) => `${item.reference} ${item.remittance}`;

/**
 * Paxum's mass transfer file: no header, one transfer a line: the payee's Paxum email, the amount
 * with two decimals, the currency, and the note the payee reads (our reference, then "Payout
 * <period> invoice <number>").
 */
export function paxumFile(input: RunFileInput): RunFile {
  return csvFile(input, 'paxum', input.items.map((i) => [(i.email ?? '').trim(), decimalOf(i.amount_cents), i.currency, note(i)]));
}

/**
 * PayPal Payouts Web's payment file, the columns of the payouts export (no header): recipient
 * email, amount, currency, customer ID (our reference, which PayPal's results file gives back),
 * the note to the recipient, and the recipient wallet `PAYPAL`.
 */
export function paypalFile(input: RunFileInput): RunFile {
  return csvFile(input, 'paypal', input.items.map((i) => [(i.email ?? '').trim(), decimalOf(i.amount_cents), i.currency, i.reference, i.remittance, 'PAYPAL']));
}

/**
 * The sending wallet's batch file: a header, then one transfer a line: network (TRC20, ERC20),
 * the payee's address, the amount in USDT with two decimals, and our reference.
 */
export function usdtFile(input: RunFileInput): RunFile {
  const networkOf = (i: RunItem): string => {
    const account = input.paying_accounts.find((a) => a.id === i.paying_account_id);
    return i.network ?? (account?.rail === 'usdt' ? account.network : '');
  };
  return csvFile(input, 'usdt', [['network', 'address', 'amount', 'reference'], ...input.items.map((i) => [networkOf(i), (i.wallet_address ?? '').trim(), decimalOf(i.amount_cents), i.reference])]);
}
