import { createHash } from 'node:crypto';
import { sepaText } from './sepa-zone.ts';
import { type AchPayingAccount, type RunFile, RunFileError, type RunFileInput, type RunItem } from './types.ts';

/** A NACHA record is 94 characters; a file is blocks of 10 records. */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;

/** Text field: the NACHA alphanumeric set (upper case, SEPA-transliterated), left-justified, space-filled. */
function alpha(text: string, length: number): string {
  return sepaText(text, length).toUpperCase().padEnd(length, ' ');
}

/** Number field: right-justified, zero-filled; refuses what does not fit. */
function num(value: number | string, length: number): string {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > length) throw new RunFileError(`${s} does not fit a ${length}-digit field.`);
  return s.padStart(length, '0');
}

const yymmdd = (isoDate: string) => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);

function record(...fields: string[]): string {
  const r = fields.join('');
  if (r.length !== RECORD_LENGTH) throw new RunFileError(`A record of ${r.length} characters: ${r}`);
  return r;
}

/** The file id modifier (A-Z, 0-9) derived from the message id, so a file made twice is the same file. */
export function fileIdModifier(messageId: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return alphabet[createHash('sha256').update(messageId).digest()[0]! % alphabet.length]!;
}

/** The immediate destination / origin as the file header prints it: 10 characters, a routing number with a leading space. */
const routingField = (value: string) => (/^\d{9}$/.test(value) ? ` ${value}` : value.padStart(10, ' ').slice(0, 10));

/** Entry hash: the sum of the 8-digit RDFI identifications, its last 10 digits. */
const entryHash = (sum: bigint) => String(sum % 10_000_000_000n).padStart(10, '0');

interface Batch {
  account: AchPayingAccount;
  sec: 'PPD' | 'CCD';
  items: RunItem[];
}

/**
 * The NACHA file of an ACH run: file header (1); one batch per paying account and SEC code (PPD
 * for people, CCD for companies), credits only (service class 220): batch header (5), an entry
 * (6) per item with transaction code 22 (checking) or 32 (savings) and the item's reference as
 * trace number, batch control (8) with entry hash and credit total; file control (9); filled
 * with 9s to a multiple of 10 records.
 */
export function achFile(input: RunFileInput): RunFile {
  const accounts = new Map(input.paying_accounts.filter((a): a is AchPayingAccount => a.rail === 'ach').map((a) => [a.id, a]));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.execution_date)) throw new RunFileError('The effective entry date must be YYYY-MM-DD.');
  const batches = new Map<string, Batch>();
  const seen = new Set<string>();
  for (const item of input.items) {
    const account = accounts.get(item.paying_account_id);
    if (account === undefined) throw new RunFileError(`Item ${item.reference}: no ACH paying account ${item.paying_account_id}.`);
    if (seen.has(item.reference)) throw new RunFileError(`Two items share the trace number ${item.reference}.`);
    seen.add(item.reference);
    const sec = item.payee.is_company ? 'CCD' : 'PPD';
    const key = `${account.id}\u0000${sec}`;
    let batch = batches.get(key);
    if (batch === undefined) batches.set(key, (batch = { account, sec, items: [] }));
    batch.items.push(item);
  }
  const first = [...batches.values()][0]?.account ?? [...accounts.values()][0];
  if (first === undefined) throw new RunFileError('An ACH file needs an ACH paying account.');

  const created = input.created_at.toISOString();
  const records: string[] = [
    record(
      '1', '01', routingField(first.immediate_destination), routingField(first.immediate_origin),
      yymmdd(created.slice(0, 10)), created.slice(11, 13) + created.slice(14, 16), fileIdModifier(input.message_id), '094', '10', '1',
      alpha(first.immediate_destination_name, 23), alpha(first.immediate_origin_name, 23), alpha(input.run_id, 8),
    ),
  ];
  let fileEntries = 0;
  let fileHash = 0n;
  let fileCredit = 0;
  let batchNumber = 0;
  for (const b of batches.values()) {
    batchNumber++;
    const odfi = b.account.odfi_routing.slice(0, 8);
    if (!/^\d{8}$/.test(odfi)) throw new RunFileError('The ODFI routing number has 9 digits.');
    if (b.account.company_id.length !== 10) throw new RunFileError('The company id has 10 characters.');
    records.push(
      record(
        '5', '220', alpha(b.account.company_name, 16), alpha('', 20), alpha(b.account.company_id, 10), b.sec,
        alpha('PAYOUT', 10), alpha('', 6), yymmdd(input.execution_date), '   ', '1', odfi, num(batchNumber, 7),
      ),
    );
    let hash = 0n;
    let credit = 0;
    for (const item of b.items) {
      const routing = item.routing_number ?? '';
      if (!/^\d{9}$/.test(routing)) throw new RunFileError(`Item ${item.reference}: the routing number has 9 digits.`);
      if (!/^\d{15}$/.test(item.reference)) throw new RunFileError(`Item ${item.reference}: a trace number has 15 digits.`);
      const account = (item.account_number ?? '').replace(/[^A-Za-z0-9]/g, '');
      if (account === '' || account.length > 17) throw new RunFileError(`Item ${item.reference}: the account number has 1 to 17 characters.`);
      records.push(
        record(
          '6', item.account_type === 'savings' ? '32' : '22', routing.slice(0, 8), routing[8]!, account.toUpperCase().padEnd(17, ' '),
          num(item.amount_cents, 10), alpha(item.reference, 15), alpha(item.payee.name, 22), '  ', '0', item.reference,
        ),
      );
      hash += BigInt(routing.slice(0, 8));
      credit += item.amount_cents;
    }
    records.push(
      record(
        '8', '220', num(b.items.length, 6), entryHash(hash), num(0, 12), num(credit, 12), alpha(b.account.company_id, 10),
        ' '.repeat(19), ' '.repeat(6), odfi, num(batchNumber, 7),
      ),
    );
    fileEntries += b.items.length;
    fileHash += hash;
    fileCredit += credit;
  }
  const blocks = Math.ceil((records.length + 1) / BLOCKING_FACTOR);
  records.push(record('9', num(batchNumber, 6), num(blocks, 6), num(fileEntries, 8), entryHash(fileHash), num(0, 12), num(fileCredit, 12), ' '.repeat(39)));
  while (records.length % BLOCKING_FACTOR !== 0) records.push('9'.repeat(RECORD_LENGTH));
  return {
    body: `${records.join('\n')}\n`,
    contentType: 'text/plain; charset=us-ascii',
    fileName: `${input.message_id.replace(/[^A-Za-z0-9-]+/g, '-')}.ach`,
    controlSumCents: fileCredit,
    count: fileEntries,
  };
}
