import { compactIban, isSepaTransfer, sepaText } from './sepa-zone.ts';
import { type PainVersion, type RunFile, RunFileError, type RunFileInput, type RunItem, type WirePayingAccount } from './types.ts';

const NAMESPACE = (v: PainVersion) => `urn:iso:std:iso:20022:tech:xsd:${v}`;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A name in the SEPA set; one with no letter the set can write (listed by the checks) prints as NOTPROVIDED. */
const nameText = (name: string) => sepaText(name, 70) || 'NOTPROVIDED';

/** An element with text: the text in the SEPA character set, escaped. */
const el = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** Cents as the ISO decimal: 1234 -> "12.34". */
export function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** ISO date-time of the creation, to the second, in UTC (no fraction: every bank reads it). */
const isoDateTime = (d: Date) => d.toISOString().slice(0, 19);

/**
 * The version a file is written in: the paying accounts' own. When the accounts of one run ask
 * for different versions, the older (.03) is used: banks that read .09 also read .03 during
 * the migration, not the other way round.
 */
export function painVersionOf(accounts: readonly WirePayingAccount[]): PainVersion {
  const versions = new Set(accounts.map((a) => a.pain_version));
  return versions.size === 1 ? [...versions][0]! : 'pain.001.001.03';
}

interface Group {
  account: WirePayingAccount;
  sepa: boolean;
  items: RunItem[];
}

function address(lines: readonly string[] | undefined, country: string | undefined): string {
  const c = (country ?? '').toUpperCase();
  const adr = (lines ?? []).map((l) => sepaText(l, 70)).filter((l) => l !== '').slice(0, 2);
  if (!/^[A-Z]{2}$/.test(c) && adr.length === 0) return '';
  return `<PstlAdr>${/^[A-Z]{2}$/.test(c) ? el('Ctry', c) : ''}${adr.map((l) => el('AdrLine', l)).join('')}</PstlAdr>`;
}

/** The file's `PmtInf` blocks: one per paying account, execution date and part (SEPA or cross-border), in the items' order. */
function groupsOf(input: RunFileInput): Group[] {
  const accounts = new Map(input.paying_accounts.filter((a): a is WirePayingAccount => a.rail === 'wire').map((a) => [a.id, a]));
  const groups = new Map<string, Group>();
  const seen = new Set<string>();
  for (const item of input.items) {
    const account = accounts.get(item.paying_account_id);
    if (account === undefined) throw new RunFileError(`Item ${item.reference}: no wire paying account ${item.paying_account_id}.`);
    if (seen.has(item.reference)) throw new RunFileError(`Two items share the reference ${item.reference}.`);
    seen.add(item.reference);
    const sepa = isSepaTransfer(item);
    const key = `${account.id}\u0000${sepa}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { account, sepa, items: [] }));
    group.items.push(item);
  }
  return [...groups.values()];
}

/**
 * The ISO 20022 pain.001 credit transfer of a wire run. One `PmtInf` per paying account and
 * execution date and part: the SEPA part (EUR to a SEPA-zone IBAN, service level SEPA, `ChrgBr`
 * SLEV) and the cross-border part (the item's currency, BIC of the payee's bank, `ChrgBr` SHAR).
 * `NbOfTxs` and `CtrlSum` are exact for the group and each `PmtInf`; `EndToEndId` is our reference.
 */
export function sepaFile(input: RunFileInput): RunFile {
  if (!/^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(input.message_id)) throw new RunFileError('The message id must be 1 to 35 characters of the SEPA set.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.execution_date)) throw new RunFileError('The execution date must be YYYY-MM-DD.');
  const groups = groupsOf(input);
  const version = painVersionOf(groups.map((g) => g.account));
  const v09 = version === 'pain.001.001.09';
  const bicTag = v09 ? 'BICFI' : 'BIC';
  const total = input.items.reduce((s, i) => s + i.amount_cents, 0);
  const out: string[] = [];
  const blocks: { id: string; references: string[] }[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<Document xmlns="${NAMESPACE(version)}">`);
  out.push('<CstmrCdtTrfInitn>');
  out.push(
    `<GrpHdr>${el('MsgId', input.message_id)}${el('CreDtTm', isoDateTime(input.created_at))}${el('NbOfTxs', String(input.items.length))}${el('CtrlSum', decimalOf(total))}<InitgPty>${el('Nm', nameText(input.initiating_party))}</InitgPty></GrpHdr>`,
  );
  groups.forEach((g, n) => {
    const a = g.account;
    const sum = g.items.reduce((s, i) => s + i.amount_cents, 0);
    const pmtInfId = `${input.message_id.slice(0, 30)}-${n + 1}`;
    blocks.push({ id: pmtInfId, references: g.items.map((i) => i.reference) });
    out.push('<PmtInf>');
    out.push(`${el('PmtInfId', pmtInfId)}${el('PmtMtd', 'TRF')}${el('BtchBookg', 'true')}${el('NbOfTxs', String(g.items.length))}${el('CtrlSum', decimalOf(sum))}`);
    if (g.sepa) out.push('<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>');
    out.push(v09 ? `<ReqdExctnDt>${el('Dt', input.execution_date)}</ReqdExctnDt>` : el('ReqdExctnDt', input.execution_date));
    out.push(`<Dbtr>${el('Nm', nameText(a.holder_name))}${address(a.address?.lines, a.address?.country)}</Dbtr>`);
    out.push(`<DbtrAcct><Id>${el('IBAN', compactIban(a.iban))}</Id>${el('Ccy', a.currency)}</DbtrAcct>`);
    out.push(`<DbtrAgt><FinInstnId>${el(bicTag, a.bic.replace(/\s/g, '').toUpperCase())}</FinInstnId></DbtrAgt>`);
    out.push(el('ChrgBr', g.sepa ? 'SLEV' : 'SHAR'));
    for (const item of g.items) {
      const bic = (item.bic ?? '').replace(/\s/g, '').toUpperCase();
      const account = item.iban !== undefined && item.iban !== '' ? el('IBAN', compactIban(item.iban)) : `<Othr>${el('Id', sepaText(item.account_number ?? '', 34).replace(/ /g, ''))}</Othr>`;
      out.push('<CdtTrfTxInf>');
      out.push(`<PmtId>${el('EndToEndId', item.reference)}</PmtId>`);
      out.push(`<Amt><InstdAmt Ccy="${escapeXml(item.currency)}">${decimalOf(item.amount_cents)}</InstdAmt></Amt>`);
      if (bic !== '') out.push(`<CdtrAgt><FinInstnId>${el(bicTag, bic)}</FinInstnId></CdtrAgt>`);
      out.push(`<Cdtr>${el('Nm', nameText(item.payee.name))}${address(item.payee.address_lines, item.payee.country)}</Cdtr>`);
      out.push(`<CdtrAcct><Id>${account}</Id></CdtrAcct>`);
      const remittance = sepaText(item.remittance, 140);
      if (remittance !== '') out.push(`<RmtInf>${el('Ustrd', remittance)}</RmtInf>`);
      out.push('</CdtTrfTxInf>');
    }
    out.push('</PmtInf>');
  });
  out.push('</CstmrCdtTrfInitn>');
  out.push('</Document>');
  return {
    body: `${out.join('\n')}\n`,
    contentType: 'application/xml; charset=utf-8',
    fileName: `${sepaText(input.message_id, 35).replace(/[^A-Za-z0-9-]+/g, '-')}.${version}.xml`,
    controlSumCents: total,
    count: input.items.length,
    paymentInformation: blocks,
  };
}
