import { correctionWords, reasonText } from './reasons.ts';
import { type Correction, type GroupStatus, type StatusFile, StatusFileError, type StatusItem } from './types.ts';
import { child, childrenNamed, namespaceOf, parseXml, textAt, type XmlElement, XmlError } from './xml.ts';

export const UNKNOWN_FORMAT_MESSAGE =
  "This file is not an answer we can read: upload the bank's pain.002 status report (XML), its NACHA return file, or a CSV of reference, status and reason.";

const PAIN002 = /^urn:iso:std:iso:20022:tech:xsd:(pain\.002\.001\.(0[3-9]|1[0-2]))$/;

/**
 * ISO 20022 payment status codes: accepted (true), rejected (false), or not decided by this code
 * (undefined): pending (PDNG, RCVD), and a group or block partly accepted (PART), where only the
 * transactions the report lists say what became of them.
 */
function accepted(status: string): boolean | undefined {
  if (status === 'RJCT') return false;
  if (['ACTC', 'ACCP', 'ACSP', 'ACSC', 'ACWC', 'ACFC', 'ACWP', 'ACIS', 'ACCC'].includes(status)) return true;
  return undefined;
}

/** The first reason of a `StsRsnInf` list: its code (or proprietary code) and words. */
function reasonOf(e: XmlElement | undefined): { reasonCode?: string; reason?: string } {
  const info = childrenNamed(e, 'StsRsnInf')[0];
  if (info === undefined) return {};
  const code = textAt(info, 'Rsn', 'Cd') ?? textAt(info, 'Rsn', 'Prtry');
  const additional = childrenNamed(info, 'AddtlInf').map((a) => a.text.trim()).filter((t) => t !== '').join(' ');
  const out: { reasonCode?: string; reason?: string } = {};
  if (code) out.reasonCode = code;
  if (code && textAt(info, 'Rsn', 'Cd')) out.reason = reasonText(code);
  else if (additional !== '') out.reason = additional;
  else if (code) out.reason = reasonText(code);
  return out;
}

function parsePain002(root: XmlElement, version: string): StatusFile {
  const report = child(root, 'CstmrPmtStsRpt');
  if (report === undefined) throw new StatusFileError('malformed', 'This pain.002 has no CstmrPmtStsRpt: it is not a status report.');
  const group = child(report, 'OrgnlGrpInfAndSts');
  const groupStatus = textAt(group, 'GrpSts');
  const groups: GroupStatus[] = [];
  if (groupStatus) groups.push({ status: groupStatus, accepted: accepted(groupStatus), ...reasonOf(group) });
  const items: StatusItem[] = [];
  const pending: { reference: string; rawStatus: string }[] = [];
  const unmatched: { text: string; why: string }[] = [];
  // Version .03 has transactions under the group too when there is no payment-information level.
  const blocks = [...childrenNamed(report, 'OrgnlPmtInfAndSts'), ...(childrenNamed(report, 'TxInfAndSts').length > 0 ? [report] : [])];
  for (const block of blocks) {
    const pmtInfStatus = textAt(block, 'PmtInfSts');
    const pmtInfId = textAt(block, 'OrgnlPmtInfId');
    if (pmtInfStatus) groups.push({ ...(pmtInfId ? { paymentInformationId: pmtInfId } : {}), status: pmtInfStatus, accepted: accepted(pmtInfStatus), ...reasonOf(block) });
    for (const tx of childrenNamed(block, 'TxInfAndSts')) {
      const reference = textAt(tx, 'OrgnlEndToEndId') ?? '';
      const raw = textAt(tx, 'TxSts') ?? pmtInfStatus ?? groupStatus ?? '';
      if (reference === '' || reference === 'NOTPROVIDED') {
        unmatched.push({ text: textAt(tx, 'OrgnlInstrId') ?? textAt(tx, 'StsId') ?? '(no reference)', why: 'A transaction status without its EndToEndId.' });
        continue;
      }
      const ok = accepted(raw);
      if (ok === undefined) {
        pending.push({ reference, rawStatus: raw });
        continue;
      }
      const reason = textAt(tx, 'TxSts') ? reasonOf(tx) : pmtInfStatus ? reasonOf(block) : reasonOf(group);
      items.push({ reference, status: ok ? 'accepted' : 'returned', rawStatus: raw, ...(ok ? {} : reason) });
    }
  }
  const messageId = textAt(group, 'OrgnlMsgId');
  return {
    format: 'pain.002',
    version,
    ...(messageId ? { messageId } : {}),
    groups,
    items,
    ...(pending.length > 0 ? { pending } : {}),
    ...(unmatched.length > 0 ? { unmatched } : {}),
  };
}

/** NACHA records of a file: one per line, or a stream of 94-character records without line breaks. */
function nachaRecords(text: string): string[] | undefined {
  const trimmed = text.replace(/^\uFEFF/, '');
  let lines = trimmed.split(/\r?\n/).map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
  if (lines.length === 1 && lines[0]!.length > 94 && lines[0]!.length % 94 === 0) lines = lines[0]!.match(/.{94}/g) ?? [];
  if (lines.length < 2 || !/^101[ \d]\d{9}/.test(lines[0]!)) return undefined;
  if (lines.some((l) => l.length > 94 || !/^[156789]/.test(l))) return undefined;
  return lines.map((l) => l.padEnd(94, ' '));
}

const accountTypeOf = (code: string) => (/^2[2-4]$/.test(code) ? 'checking' : /^3[2-4]$/.test(code) ? 'savings' : code);

/** An addenda 98's corrected data (positions 36-64) in words, by change code. */
function correctionOf(code: string, data: string): Correction {
  const { field, words } = correctionWords(code);
  const d = data.padEnd(29, ' ');
  const t = (s: string) => s.trim();
  let value: string;
  switch (code) {
    case 'C01': value = t(d.slice(0, 17)); break;
    case 'C02': value = t(d.slice(0, 9)); break;
    case 'C03': value = `routing ${t(d.slice(0, 9))}, account ${t(d.slice(12, 29))}`; break;
    case 'C04': value = t(d.slice(0, 22)); break;
    case 'C05': value = accountTypeOf(t(d.slice(0, 2))); break;
    case 'C06': value = `account ${t(d.slice(0, 17))}, ${accountTypeOf(t(d.slice(20, 22)))}`; break;
    case 'C07': value = `routing ${t(d.slice(0, 9))}, account ${t(d.slice(9, 26))}, ${accountTypeOf(t(d.slice(26, 28)))}`; break;
    default: value = t(d);
  }
  return { code, field, value, words };
}

function parseNachaReturns(records: string[]): StatusFile {
  const header = records[0]!;
  const items: StatusItem[] = [];
  const unmatched: { line: number; text: string; why: string }[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (r[0] !== '6') continue;
    const next = records[i + 1];
    if (next === undefined || next[0] !== '7' || r[78] !== '1') {
      unmatched.push({ line: i + 1, text: r.trimEnd(), why: 'An entry without its return or change addenda.' });
      continue;
    }
    const type = next.slice(1, 3);
    const code = next.slice(3, 6).trim();
    const reference = next.slice(6, 21).trim();
    if (!/^\d{15}$/.test(reference)) {
      unmatched.push({ line: i + 2, text: next.trimEnd(), why: 'An addenda without the original trace number.' });
      continue;
    }
    if (type === '99') items.push({ reference, status: 'returned', rawStatus: code, reasonCode: code, reason: reasonText(code) });
    else if (type === '98') {
      const correction = correctionOf(code, next.slice(35, 64));
      items.push({ reference, status: 'accepted', rawStatus: code, reasonCode: code, reason: correction.words, correction });
    } else unmatched.push({ line: i + 2, text: next.trimEnd(), why: `Addenda type ${type} is neither a return (99) nor a change (98).` });
  }
  return {
    format: 'nacha-return',
    messageId: `${header.slice(23, 29)}${header.slice(29, 33)}${header.slice(33, 34)}`,
    items,
    ...(unmatched.length > 0 ? { unmatched } : {}),
  };
}

/** Rows of an RFC 4180 CSV (comma or semicolon), quotes and doubled quotes understood. */
function csvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const ACCEPTED_WORDS = new Set(['accepted', 'paid', 'completed', 'complete', 'success', 'successful', 'succeeded', 'sent', 'ok', 'settled', 'acsc', 'actc', 'accp']);
const RETURNED_WORDS = new Set(['returned', 'rejected', 'failed', 'failure', 'refused', 'reversed', 'unclaimed', 'denied', 'blocked', 'cancelled', 'canceled', 'rjct', 'error', 'bounced']);

function parseCsv(text: string): StatusFile {
  const rows = csvRows(text);
  const head = rows[0]?.map((c) => c.trim().toLowerCase()) ?? [];
  const hasHeader = head.includes('status') && head.some((h) => h === 'reference' || h === 'ref');
  const col = (names: string[], fallback: number) => {
    const i = head.findIndex((h) => names.includes(h));
    return hasHeader ? i : fallback;
  };
  const refCol = col(['reference', 'ref'], 0);
  const statusCol = col(['status'], 1);
  const reasonCol = col(['reason', 'reason_code', 'message', 'note'], 2);
  const items: StatusItem[] = [];
  const unmatched: { line: number; text: string; why: string }[] = [];
  let understood = 0;
  rows.slice(hasHeader ? 1 : 0).forEach((r, n) => {
    const line = n + (hasHeader ? 2 : 1);
    const reference = (r[refCol] ?? '').trim();
    const statusWord = (r[statusCol] ?? '').trim().toLowerCase();
    const reasonCell = reasonCol >= 0 ? (r[reasonCol] ?? '').trim() : '';
    const ok = ACCEPTED_WORDS.has(statusWord) ? true : RETURNED_WORDS.has(statusWord) ? false : undefined;
    if (ok !== undefined) understood++;
    if (reference === '') return void unmatched.push({ line, text: r.join(','), why: 'A line without a reference.' });
    if (ok === undefined) return void unmatched.push({ line, text: r.join(','), why: `Status "${(r[statusCol] ?? '').trim()}" is neither accepted nor returned.` });
    const item: StatusItem = { reference, status: ok ? 'accepted' : 'returned', rawStatus: (r[statusCol] ?? '').trim() };
    if (!ok && reasonCell !== '') {
      if (/^([A-Z]{2}\d{2}|[A-Z]{4}|R\d{2})$/.test(reasonCell)) {
        item.reasonCode = reasonCell;
        item.reason = reasonText(reasonCell);
      } else item.reason = reasonCell.slice(0, 500);
    }
    items.push(item);
  });
  if (understood === 0) throw new StatusFileError('unknown_format', UNKNOWN_FORMAT_MESSAGE);
  return { format: 'csv', items, ...(unmatched.length > 0 ? { unmatched } : {}) };
}

/**
 * Reads a bank's or wallet's answer: a pain.002 status report (.003 to .012, by namespace), a
 * NACHA return / notification of change file, or a CSV (reference, status, reason). Throws
 * `StatusFileError` when it is none of them.
 */
export function parseStatusFile(bytes: Buffer): StatusFile {
  if (bytes.includes(0)) throw new StatusFileError('unknown_format', UNKNOWN_FORMAT_MESSAGE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    text = bytes.toString('latin1');
  }
  const start = text.trimStart();
  if (start.startsWith('<')) {
    let root: XmlElement;
    try {
      root = parseXml(start);
    } catch (e) {
      if (e instanceof XmlError) throw new StatusFileError('malformed', `The XML file could not be read: ${e.message}`);
      throw e;
    }
    const ns = namespaceOf(root) ?? '';
    const match = PAIN002.exec(ns);
    if (root.name !== 'Document' || match === null) {
      throw new StatusFileError('unknown_format', `This XML file is not a pain.002 status report (its namespace is ${ns === '' ? 'missing' : ns}).`);
    }
    return parsePain002(root, match[1]!);
  }
  const records = nachaRecords(text);
  if (records !== undefined) return parseNachaReturns(records);
  return parseCsv(text);
}
