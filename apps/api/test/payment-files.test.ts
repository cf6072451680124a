import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureIso20022Schemas, ensureXmllint } from '../../../scripts/ensure-iso20022-schemas.ts';
import { makeRunFile, type PayingAccount, RunFileError, type RunItem } from '../src/modules/payment-runs/formats/index.ts';
import { achItems, payingAccounts, paxumItems, runInput, usdtItems, wireItems } from './support/payment-files.ts';

// The files as their receivers read them: pain.001 against the ISO 20022 schemas with xmllint,
// NACHA with a reader written here from the NACHA record layouts, the CSVs with an RFC 4180 reader.

let schemas = '';
let xmllint = '';
beforeAll(() => {
  xmllint = ensureXmllint();
  schemas = ensureIso20022Schemas();
}, 300_000);

function validate(xml: string, schema: string): { ok: boolean; errors: string } {
  const r = spawnSync(xmllint, ['--noout', '--schema', join(schemas, schema), '-'], { input: xml, encoding: 'utf8' });
  return { ok: r.status === 0, errors: r.stderr };
}

/** An XPath 1.0 result over the file, namespaces ignored (`local-name()`). */
function xpath(xml: string, expr: string): string {
  return execFileSync(xmllint, ['--xpath', expr, '-'], { input: xml, encoding: 'utf8' }).trim();
}
const e = (name: string) => `*[local-name()='${name}']`;
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

const version03 = payingAccounts.map((a): PayingAccount => (a.rail === 'wire' ? { ...a, pain_version: 'pain.001.001.03' } : a));

describe('wire: ISO 20022 pain.001', () => {
  const file = makeRunFile('wire', runInput(wireItems));

  it('is valid against the official pain.001.001.09 schema, and the validation does refuse a broken file', () => {
    expect(file.body).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(validate(file.body, 'pain.001.001.09.xsd')).toEqual({ ok: true, errors: expect.stringContaining('validates') });
    const broken = validate(file.body.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>FREE</ChrgBr>'), 'pain.001.001.09.xsd');
    expect(broken.ok).toBe(false);
    expect(broken.errors).toContain('ChrgBr');
  });

  it('is valid against pain.001.001.03 when the paying accounts ask for it, and its SEPA part against the EPC rules of the German banks’ schema', () => {
    const old = makeRunFile('wire', runInput(wireItems, { paying_accounts: version03 }));
    expect(old.body).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"');
    expect(old.body).toContain('<BIC>BNPAFRPP</BIC>');
    expect(validate(old.body, 'pain.001.001.03.xsd').ok).toBe(true);
    const sepaOnly = makeRunFile('wire', runInput(wireItems.filter((i) => i.currency === 'EUR'), { paying_accounts: version03 }));
    expect(validate(sepaOnly.body, 'pain.001.001.03.sepa-dk.xsd')).toMatchObject({ ok: true });
    // The cross-border part is outside SEPA's rules, which that schema enforces (EUR, SLEV).
    expect(validate(old.body, 'pain.001.001.03.sepa-dk.xsd').ok).toBe(false);
  });

  it('counts and sums exactly, in the group header and each payment information block', () => {
    expect(xpath(file.body, `string(//${e('GrpHdr')}/${e('NbOfTxs')})`)).toBe('4');
    expect(cents(xpath(file.body, `string(//${e('GrpHdr')}/${e('CtrlSum')})`))).toBe(118750 + 7001 + 250000 + 99);
    expect(file.controlSumCents).toBe(375850);
    expect(file.count).toBe(4);
    const blocks = Number(xpath(file.body, `count(//${e('PmtInf')})`));
    expect(blocks).toBe(2);
    for (let n = 1; n <= blocks; n++) {
      const b = `//${e('PmtInf')}[${n}]`;
      expect(xpath(file.body, `string(${b}/${e('NbOfTxs')})`)).toBe(xpath(file.body, `count(${b}/${e('CdtTrfTxInf')})`));
      const amounts = xpath(file.body, `${b}/${e('CdtTrfTxInf')}/${e('Amt')}/${e('InstdAmt')}/text()`).split('\n').map(cents);
      expect(cents(xpath(file.body, `string(${b}/${e('CtrlSum')})`))).toBe(amounts.reduce((s, a) => s + a, 0));
    }
  });

  it('pays EUR to SEPA IBANs in the SEPA part (SLEV) and the rest cross-border with the BIC (SHAR), each from its paying account', () => {
    const sepa = `//${e('PmtInf')}[${e('PmtTpInf')}/${e('SvcLvl')}/${e('Cd')}='SEPA']`;
    expect(xpath(file.body, `string(${sepa}/${e('ChrgBr')})`)).toBe('SLEV');
    expect(xpath(file.body, `string(${sepa}/${e('DbtrAcct')}/${e('Ccy')})`)).toBe('EUR');
    expect(xpath(file.body, `${sepa}//${e('EndToEndId')}/text()`).split('\n')).toEqual(['PR7-1', 'PR7-2']);
    expect(xpath(file.body, `count(${sepa}//${e('InstdAmt')}[@Ccy!='EUR'])`)).toBe('0');
    const cross = `//${e('PmtInf')}[not(${e('PmtTpInf')})]`;
    expect(xpath(file.body, `string(${cross}/${e('ChrgBr')})`)).toBe('SHAR');
    expect(xpath(file.body, `string(${cross}/${e('DbtrAcct')}/${e('Ccy')})`)).toBe('USD');
    expect(xpath(file.body, `${cross}//${e('EndToEndId')}/text()`).split('\n')).toEqual(['PR7-3', 'PR7-4']);
    expect(file.paymentInformation).toEqual([
      { id: xpath(file.body, `string(${sepa}/${e('PmtInfId')})`), references: ['PR7-1', 'PR7-2'] },
      { id: xpath(file.body, `string(${cross}/${e('PmtInfId')})`), references: ['PR7-3', 'PR7-4'] },
    ]);
    expect(xpath(file.body, `${cross}//${e('CdtrAgt')}//${e('BICFI')}/text()`).split('\n')).toEqual(['CHASUS33', 'EBILAEAD']);
    // A US account without IBAN goes by its number.
    expect(xpath(file.body, `string(${cross}/${e('CdtTrfTxInf')}[1]/${e('CdtrAcct')}//${e('Othr')}/${e('Id')})`)).toBe('000123456789');
    expect(xpath(file.body, `string(${cross}/${e('CdtTrfTxInf')}[1]//${e('InstdAmt')})`)).toBe('2500.00');
  });

  it('writes names in the SEPA character set (transliterated, never refused) and the remittance unstructured', () => {
    expect(xpath(file.body, `//${e('Cdtr')}/${e('Nm')}/text()`).split('\n')).toEqual(['Zoe Muller-Strasse', 'Studio Orsted + Co', 'Jane Doe', 'Media Ltd']);
    expect(xpath(file.body, `string(//${e('Dbtr')}/${e('Nm')})`)).toBe('VR Affiliates Societe Generale');
    expect(xpath(file.body, `string(//${e('Dbtr')}//${e('AdrLine')}[1])`)).toBe('Friedrichstrasse 1');
    expect(xpath(file.body, `//${e('RmtInf')}/${e('Ustrd')}/text()`).split('\n')[1]).toBe('Payout 2026-10 invoice 2026-000013');
    expect(xpath(file.body, `string(//${e('CdtrAcct')}//${e('IBAN')})`)).toBe('FR1420041010050500013M02606');
  });

  it('stays valid against both schemas whatever the names, addresses and remittances hold, and sums exactly', () => {
    const text = fc.string({ unit: 'binary', maxLength: 90 });
    const item = fc.record({ sepa: fc.boolean(), name: text, lines: fc.array(text, { maxLength: 3 }), remittance: text, cents: fc.integer({ min: 1, max: 99_999_999_999 }) });
    const runs = fc.sample(fc.array(item, { minLength: 1, maxLength: 8 }), 30);
    const dir = mkdtempSync(join(tmpdir(), 'pain001-'));
    try {
      for (const version of ['pain.001.001.09', 'pain.001.001.03'] as const) {
        const accounts = payingAccounts.map((a): PayingAccount => (a.rail === 'wire' ? { ...a, pain_version: version } : a));
        const files = runs.map((drawn, r) => {
          const items: RunItem[] = drawn.map((d, n) => ({
            ...(d.sepa ? wireItems[0]! : wireItems[2]!),
            reference: `PR1-${n + 1}`,
            payee: { name: d.name, is_company: false, country: 'DE', address_lines: d.lines },
            remittance: d.remittance,
            amount_cents: d.cents,
          }));
          const made = makeRunFile('wire', runInput(items, { paying_accounts: accounts }));
          expect(cents(/<GrpHdr>.*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(made.body)![1]!)).toBe(drawn.reduce((sum, d) => sum + d.cents, 0));
          const path = join(dir, `${version}-${r}.xml`);
          writeFileSync(path, made.body);
          return path;
        });
        // One xmllint for every file of the version: each file gets its own verdict.
        const result = spawnSync(xmllint, ['--noout', '--schema', join(schemas, `${version}.xsd`), ...files], { encoding: 'utf8' });
        expect(result.stderr.split('\n').filter((l) => l !== '' && !l.endsWith(' validates'))).toEqual([]);
        expect(result.stderr.match(/ validates$/gm)).toHaveLength(files.length);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the same bytes every time it is made from the same run', () => {
    expect(makeRunFile('wire', runInput(wireItems)).body).toBe(file.body);
    expect(xpath(file.body, `string(//${e('CreDtTm')})`)).toBe('2026-11-30T09:15:42');
    expect(file.fileName).toBe('RUN7-20261201.pain.001.001.09.xml');
    expect(file.contentType).toBe('application/xml; charset=utf-8');
  });

  it('refuses a run two items of which share a reference, or an item without its paying account', () => {
    expect(() => makeRunFile('wire', runInput([wireItems[0]!, { ...wireItems[1]!, reference: 'PR7-1' }]))).toThrow(RunFileError);
    expect(() => makeRunFile('wire', runInput([{ ...wireItems[0]!, paying_account_id: 'nope' }]))).toThrow(/no wire paying account/);
  });
});

interface AchRecord {
  line: number;
  text: string;
}

/** A NACHA reader as a receiving bank would run it: every check of the record layouts. */
function readNacha(body: string) {
  expect(body.endsWith('\n')).toBe(true);
  const records: AchRecord[] = body.slice(0, -1).split('\n').map((text, i) => ({ line: i + 1, text }));
  for (const r of records) expect(r.text, `record ${r.line}`).toHaveLength(94);
  expect(records.length % 10).toBe(0);
  const aba = (r: string) => {
    const d = [...r].map(Number);
    return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + d[2]! + d[5]! + d[8]!) % 10 === 0;
  };
  const header = records[0]!.text;
  expect(header.slice(0, 3)).toBe('101');
  expect(header.slice(34, 40)).toBe('094101');
  const batches: { sec: string; entries: { code: string; routing: string; account: string; amount: number; name: string; trace: string }[] }[] = [];
  let i = 1;
  let fileHash = 0n;
  let fileCredit = 0;
  let fileEntries = 0;
  while (records[i]!.text[0] === '5') {
    const bh = records[i]!.text;
    expect(bh.slice(1, 4)).toBe('220');
    const odfi = bh.slice(79, 87);
    const batchNumber = bh.slice(87, 94);
    const batch = { sec: bh.slice(50, 53), entries: [] as (typeof batches)[number]['entries'] };
    i++;
    let hash = 0n;
    let credit = 0;
    while (records[i]!.text[0] === '6') {
      const r = records[i]!.text;
      const routing = r.slice(3, 12);
      expect(aba(routing), `routing check digit of ${routing}`).toBe(true);
      expect(['22', '32']).toContain(r.slice(1, 3));
      expect(r[78]).toBe('0');
      const trace = r.slice(79, 94);
      expect(trace.slice(0, 8)).toBe(odfi);
      expect(trace).toMatch(/^\d{15}$/);
      const amount = Number(r.slice(29, 39));
      batch.entries.push({ code: r.slice(1, 3), routing, account: r.slice(12, 29).trim(), amount, name: r.slice(54, 76).trim(), trace });
      hash += BigInt(r.slice(3, 11));
      credit += amount;
      i++;
    }
    const bc = records[i]!.text;
    expect(bc[0]).toBe('8');
    expect(bc.slice(1, 4)).toBe('220');
    expect(Number(bc.slice(4, 10))).toBe(batch.entries.length);
    expect(bc.slice(10, 20)).toBe(String(hash % 10_000_000_000n).padStart(10, '0'));
    expect(Number(bc.slice(20, 32))).toBe(0);
    expect(Number(bc.slice(32, 44))).toBe(credit);
    expect(bc.slice(44, 54)).toBe(bh.slice(40, 50));
    expect(bc.slice(79, 87)).toBe(odfi);
    expect(bc.slice(87, 94)).toBe(batchNumber);
    fileHash += hash;
    fileCredit += credit;
    fileEntries += batch.entries.length;
    batches.push(batch);
    i++;
  }
  const fileControl = records[i]!.text;
  expect(fileControl[0]).toBe('9');
  expect(Number(fileControl.slice(1, 7))).toBe(batches.length);
  expect(Number(fileControl.slice(7, 13))).toBe(records.length / 10);
  expect(Number(fileControl.slice(13, 21))).toBe(fileEntries);
  expect(fileControl.slice(21, 31)).toBe(String(fileHash % 10_000_000_000n).padStart(10, '0'));
  expect(Number(fileControl.slice(31, 43))).toBe(0);
  expect(Number(fileControl.slice(43, 55))).toBe(fileCredit);
  for (const r of records.slice(i + 1)) expect(r.text).toBe('9'.repeat(94));
  return { header, batches, credit: fileCredit };
}

describe('ACH: NACHA file', () => {
  it('has 94-character records in blocks of 10, a PPD batch for people and a CCD batch for companies, exact hashes and totals', () => {
    const file = makeRunFile('ach', runInput(achItems));
    const { header, batches, credit } = readNacha(file.body);
    expect(header.slice(3, 13)).toBe(' 021000021');
    expect(header.slice(13, 23)).toBe('1234567890');
    expect(header.slice(23, 33)).toBe('2611300915');
    expect(batches.map((b) => b.sec)).toEqual(['PPD', 'CCD']);
    expect(batches[0]!.entries.map((x) => [x.code, x.routing, x.account, x.amount, x.name, x.trace])).toEqual([
      ['22', '011000015', '12345678', 123456, 'JOHN SMITH', '021000020000001'],
      ['22', '121000248', '4444', 1, 'RENEE ANGSTROM', '021000020000003'],
    ]);
    expect(batches[1]!.entries.map((x) => [x.code, x.name])).toEqual([['32', 'ACME TRAFFIC INC']]);
    expect(credit).toBe(128457);
    expect(file.controlSumCents).toBe(128457);
    expect(file.count).toBe(3);
    expect(makeRunFile('ach', runInput(achItems)).body).toBe(file.body);
  });

  it('keeps the last 10 digits of an entry hash that overflows, and fills the last block', () => {
    const many: RunItem[] = Array.from({ length: 2003 }, (_, n) => ({
      ...achItems[0]!,
      reference: `02100002${String(n + 1).padStart(7, '0')}`,
      routing_number: '999999992',
      amount_cents: 100 + n,
    }));
    const { batches, credit } = readNacha(makeRunFile('ach', runInput(many)).body);
    expect(batches[0]!.entries).toHaveLength(2003);
    expect(2003n * 99999999n).toBeGreaterThan(10_000_000_000n);
    expect(credit).toBe(many.reduce((s, x) => s + x.amount_cents, 0));
  });
});

/** RFC 4180 rows, as a processor's upload reads them. */
function readCsv(body: string): string[][] {
  expect(body.endsWith('\r\n')).toBe(true);
  const rows: string[][] = [];
  for (const line of body.slice(0, -2).split('\r\n')) {
    const cells: string[] = [];
    let m: RegExpExecArray | null;
    const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/gy;
    while ((m = re.exec(line)) !== null) {
      cells.push(m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!);
      if (m[2] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

describe('wallet files', () => {
  it('Paxum: email, amount, currency and a note starting with our reference; data as it is, no spreadsheet prefix', () => {
    const file = makeRunFile('paxum', runInput(paxumItems));
    expect(readCsv(file.body)).toEqual([
      ['a@paxum.example', '500.00', 'USD', 'PR9-1 Payout 2026-10 invoice 2026-000012'],
      ['=b@paxum.example', '10.05', 'USD', 'PR9-2 Payout 2026-10 invoice 2026-000099, "bonus"'],
    ]);
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', controlSumCents: 51005, count: 2, fileName: 'RUN7-20261201.paxum.csv' });
  });

  it('PayPal: the Payouts upload columns (recipient, amount, currency, customer ID, note, wallet)', () => {
    const items = paxumItems.map((i) => ({ ...i, paying_account_id: 'paypal-usd', email: i.email!.replace('paxum', 'paypal') }));
    expect(readCsv(makeRunFile('paypal', runInput(items)).body)).toEqual([
      ['a@paypal.example', '500.00', 'USD', 'PR9-1', 'Payout 2026-10 invoice 2026-000012', 'PAYPAL'],
      ['=b@paypal.example', '10.05', 'USD', 'PR9-2', 'Payout 2026-10 invoice 2026-000099, "bonus"', 'PAYPAL'],
    ]);
  });

  it('USDT: network, address, amount and reference under a header', () => {
    expect(readCsv(makeRunFile('usdt', runInput(usdtItems)).body)).toEqual([
      ['network', 'address', 'amount', 'reference'],
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '777.77', 'PR10-1'],
    ]);
  });

  it('refuses an item whose paying account is of another rail', () => {
    expect(() => makeRunFile('paxum', runInput([{ ...paxumItems[0]!, paying_account_id: 'paypal-usd' }]))).toThrow(/no paxum paying account/);
  });
});
