import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureIso20022Schemas, ensureXmllint } from '../../../scripts/ensure-iso20022-schemas.ts';
import { parseStatusFile, reasonText, StatusFileError } from '../src/modules/payment-runs/formats/index.ts';

// The answers a bank or wallet sends back, shaped like the documented ones: pain.002 status
// reports (the samples themselves valid against the schemas), NACHA returns and notifications of
// change laid out field by field, and the CSV of the other rails.

let schemas = '';
let xmllint = '';
beforeAll(() => {
  xmllint = ensureXmllint();
  schemas = ensureIso20022Schemas();
}, 300_000);

const validates = (xml: string, schema: string) => spawnSync(xmllint, ['--noout', '--schema', join(schemas, schema), '-'], { input: xml, encoding: 'utf8' }).status === 0;

const reason = (code: string, info?: string) => `<StsRsnInf><Rsn><Cd>${code}</Cd></Rsn>${info ? `<AddtlInf>${info}</AddtlInf>` : ''}</StsRsnInf>`;
const tx = (ref: string, status: string, extra = '') => `<TxInfAndSts><OrgnlEndToEndId>${ref}</OrgnlEndToEndId><TxSts>${status}</TxSts>${extra}</TxInfAndSts>`;

function pain002(version: string, body: { group?: string; groupReason?: string; pmtInf?: string; txs?: string[] }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- status report of the bank -->
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-0001</MsgId><CreDtTm>2026-12-02T07:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>RUN7-20261201</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>${body.group ? `<GrpSts>${body.group}</GrpSts>` : ''}${body.groupReason ?? ''}
    </OrgnlGrpInfAndSts>${
      body.txs || body.pmtInf
        ? `
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>RUN7-20261201-1</OrgnlPmtInfId>${body.pmtInf ? `<PmtInfSts>${body.pmtInf}</PmtInfSts>` : ''}
      ${(body.txs ?? []).join('\n      ')}
    </OrgnlPmtInfAndSts>`
        : ''
    }
  </CstmrPmtStsRpt>
</Document>
`;
}

describe('pain.002 status reports', () => {
  it('.10: accepted and rejected transactions with the reason in words; pending ones are held back; valid against the ISO schema', () => {
    const xml = pain002('10', { group: 'PART', pmtInf: 'PART', txs: [tx('PR7-1', 'ACSC'), tx('PR7-2', 'RJCT', reason('AC04')), tx('PR7-3', 'PDNG'), tx('PR7-4', 'ACTC')] });
    expect(validates(xml, 'pain.002.001.10.xsd')).toBe(true);
    const report = parseStatusFile(Buffer.from(xml));
    expect(report).toMatchObject({ format: 'pain.002', version: 'pain.002.001.10', messageId: 'RUN7-20261201' });
    expect(report.items).toEqual([
      { reference: 'PR7-1', status: 'accepted', rawStatus: 'ACSC' },
      { reference: 'PR7-2', status: 'returned', rawStatus: 'RJCT', reasonCode: 'AC04', reason: 'The account is closed' },
      { reference: 'PR7-4', status: 'accepted', rawStatus: 'ACTC' },
    ]);
    expect(report.pending).toEqual([{ reference: 'PR7-3', rawStatus: 'PDNG' }]);
    expect(report.groups).toEqual([
      { status: 'PART', accepted: undefined },
      { paymentInformationId: 'RUN7-20261201-1', status: 'PART', accepted: undefined },
    ]);
  });

  it('.03: a German bank’s SEPA reject report (valid against its schema); a proprietary code in the bank’s own words', () => {
    const ref = (cents: string) => `<OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${cents}</InstdAmt></Amt><ReqdExctnDt>2026-12-01</ReqdExctnDt></OrgnlTxRef>`;
    const xml = pain002('03', { txs: [tx('PR7-2', 'RJCT', reason('MD07') + ref('70.01')), tx('PR7-1', 'RJCT', reason('AC01') + ref('1187.50'))] }).replace(
      '<CreDtTm>2026-12-02T07:00:00</CreDtTm>',
      '<CreDtTm>2026-12-02T07:00:00</CreDtTm><DbtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></DbtrAgt>',
    );
    expect(validates(xml, 'pain.002.001.03.sepa-dk.xsd')).toBe(true);
    const report = parseStatusFile(Buffer.from(xml));
    expect(report.version).toBe('pain.002.001.03');
    expect(report.items.map((i) => [i.reference, i.status, i.reasonCode, i.reason])).toEqual([
      ['PR7-2', 'returned', 'MD07', 'The account holder has died'],
      ['PR7-1', 'returned', 'AC01', 'The account number is wrong'],
    ]);
    // The ISO version has the bank's own words, for a proprietary code.
    const prtry = '<StsRsnInf><Rsn><Prtry>X99</Prtry></Rsn><AddtlInf>Beneficiary name mismatch</AddtlInf></StsRsnInf>';
    const iso = pain002('10', { txs: [tx('PR7-4', 'RJCT', prtry)] });
    expect(validates(iso, 'pain.002.001.10.xsd')).toBe(true);
    expect(parseStatusFile(Buffer.from(iso)).items).toEqual([
      { reference: 'PR7-4', status: 'returned', rawStatus: 'RJCT', reasonCode: 'X99', reason: 'Beneficiary name mismatch' },
    ]);
  });

  it('reads every version from .03 to .10 by its namespace, with any prefix', () => {
    for (const v of ['03', '04', '05', '06', '07', '08', '09', '10']) {
      const xml = pain002(v, { txs: [tx('PR7-2', 'RJCT', reason('AC01'))] })
        .replace(/<(\/?)([A-Za-z]+)/g, '<$1p:$2')
        .replace('<p:Document xmlns=', '<p:Document xmlns:p=')
        .replace('<?xml', '<?xml');
      const report = parseStatusFile(Buffer.from(xml.replace('<p:?xml', '<?xml')));
      expect(report.version).toBe(`pain.002.001.${v}`);
      expect(report.items).toEqual([{ reference: 'PR7-2', status: 'returned', rawStatus: 'RJCT', reasonCode: 'AC01', reason: 'The account number is wrong' }]);
    }
  });

  it('a file rejected whole: the group status and its reason, no item guessed', () => {
    const report = parseStatusFile(Buffer.from(pain002('09', { group: 'RJCT', groupReason: reason('FF01') })));
    expect(report.items).toEqual([]);
    expect(report.groups).toEqual([{ status: 'RJCT', accepted: false, reasonCode: 'FF01', reason: 'The file format is invalid' }]);
  });

  it('a transaction without its EndToEndId is listed as unmatched', () => {
    const report = parseStatusFile(Buffer.from(pain002('10', { txs: ['<TxInfAndSts><OrgnlInstrId>I-9</OrgnlInstrId><TxSts>RJCT</TxSts></TxInfAndSts>', tx('NOTPROVIDED', 'RJCT')] })));
    expect(report.items).toEqual([]);
    expect(report.unmatched).toHaveLength(2);
    expect(report.unmatched![0]).toMatchObject({ text: 'I-9' });
  });
});

/** A NACHA record from its fields at their positions (1-based, as the record layouts number them). */
function rec(fields: [number, string][]): string {
  const r = Array.from({ length: 94 }, () => ' ');
  for (const [pos, value] of fields) [...value].forEach((c, i) => (r[pos - 1 + i] = c));
  return r.join('');
}

function returnFile(): string {
  const fileHeader = rec([[1, '101'], [4, ' 021000021'], [14, ' 011000015'], [24, '2612030830'], [34, 'A094101'], [41, 'VR AFFILIATES LLC'], [64, 'FEDERAL RESERVE']]);
  const batch = (sec: string, n: string) => rec([[1, '5220'], [5, 'VR AFFILIATES LL'], [41, '1234567890'], [51, sec], [54, 'PAYOUT'], [70, '261201'], [79, '1'], [80, '01100001'], [88, n]]);
  const entry = (code: string, routing: string, account: string, amount: string, name: string, trace: string) =>
    rec([[1, '6'], [2, code], [4, routing], [13, account.padEnd(17)], [30, amount], [55, name], [79, '1'], [80, trace]]);
  const addenda99 = (code: string, orig: string) => rec([[1, '799'], [4, code], [7, orig], [28, '02100002'], [36, 'RETURNED'], [80, '011000010000001']]);
  const addenda98 = (code: string, orig: string, data: string) => rec([[1, '798'], [4, code], [7, orig], [28, '02100002'], [36, data], [80, '011000010000002']]);
  return [
    fileHeader,
    batch('PPD', '0000001'),
    entry('21', '02100002', '12345678', '0000123456', 'JOHN SMITH', '011000010000001'),
    addenda99('R02', '021000020000001'),
    entry('31', '02100002', '4444', '0000000001', 'RENEE ANGSTROM', '011000010000003'),
    addenda99('R03', '021000020000003'),
    rec([[1, '8220']]),
    batch('COR', '0000002'),
    entry('21', '02100002', '987654321', '0000000000', 'ACME TRAFFIC INC', '011000010000002'),
    addenda98('C01', '021000020000002', '987654999'),
    entry('21', '02100002', '987654321', '0000000000', 'JANE ROE', '011000010000004'),
    addenda98('C07', '021000020000004', '026009593' + '55556666'.padEnd(17) + '32'),
    rec([[1, '8220']]),
    entry('21', '02100002', '1', '0000000001', 'NO ADDENDA', '011000010000009').replace(/^(.{78})1/, '$10'),
    rec([[1, '9']]),
    '9'.repeat(94),
  ].join('\r\n');
}

describe('NACHA returns and notifications of change', () => {
  it('a return (addenda 99) is returned with its R-code in words, matched by the original trace number', () => {
    const report = parseStatusFile(Buffer.from(returnFile()));
    expect(report.format).toBe('nacha-return');
    expect(report.items.filter((i) => i.status === 'returned')).toEqual([
      { reference: '021000020000001', status: 'returned', rawStatus: 'R02', reasonCode: 'R02', reason: 'The account is closed' },
      { reference: '021000020000003', status: 'returned', rawStatus: 'R03', reasonCode: 'R03', reason: 'No account, or the account could not be found' },
    ]);
  });

  it('a notification of change (addenda 98) stays accepted and carries the correction to show, not to apply', () => {
    const report = parseStatusFile(Buffer.from(returnFile()));
    const changes = report.items.filter((i) => i.correction);
    expect(changes.map((c) => [c.reference, c.status, c.correction])).toEqual([
      ['021000020000002', 'accepted', { code: 'C01', field: 'account_number', value: '987654999', words: 'The account number is wrong: use the corrected one' }],
      [
        '021000020000004',
        'accepted',
        { code: 'C07', field: 'routing_number,account_number,account_type', value: 'routing 026009593, account 55556666, savings', words: 'The routing number, account number and account type are wrong: use the corrected ones' },
      ],
    ]);
    expect(report.unmatched).toEqual([expect.objectContaining({ why: 'An entry without its return or change addenda.' })]);
  });

  it('reads a file sent as one stream of records without line breaks', () => {
    const report = parseStatusFile(Buffer.from(returnFile().replace(/\r\n/g, '')));
    expect(report.items).toHaveLength(4);
  });
});

describe('CSV answers of the other rails', () => {
  it('reference, status and reason with a header: paid and returned, codes in words, free words kept', () => {
    const csv = 'Reference,Status,Reason\r\nPR9-1,paid,\r\nPR9-2,returned,"Account closed by recipient, sorry"\r\nPR10-1,Rejected,AC04\r\n,failed,\r\nPR9-3,processing,\r\n';
    const report = parseStatusFile(Buffer.from(csv));
    expect(report.format).toBe('csv');
    expect(report.items).toEqual([
      { reference: 'PR9-1', status: 'accepted', rawStatus: 'paid' },
      { reference: 'PR9-2', status: 'returned', rawStatus: 'returned', reason: 'Account closed by recipient, sorry' },
      { reference: 'PR10-1', status: 'returned', rawStatus: 'Rejected', reasonCode: 'AC04', reason: 'The account is closed' },
    ]);
    expect(report.unmatched?.map((u) => [u.line, u.why])).toEqual([
      [5, 'A line without a reference.'],
      [6, 'Status "processing" is neither accepted nor returned.'],
    ]);
  });

  it('without a header, separated by semicolons', () => {
    expect(parseStatusFile(Buffer.from('PR9-1;completed;\nPR9-2;failed;R01\n')).items).toEqual([
      { reference: 'PR9-1', status: 'accepted', rawStatus: 'completed' },
      { reference: 'PR9-2', status: 'returned', rawStatus: 'failed', reasonCode: 'R01', reason: 'Insufficient funds' },
    ]);
  });
});

describe('a file that is none of them', () => {
  it.each([
    ['a picture', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])],
    ['empty', Buffer.from('')],
    ['text', Buffer.from('Dear team,\nplease find attached.\n')],
  ])('%s: unknown format, with the message to show', (_, bytes) => {
    const error = (() => {
      try {
        parseStatusFile(bytes);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(StatusFileError);
    expect(error).toMatchObject({ code: 'unknown_format', message: expect.stringContaining('pain.002') });
  });

  it('XML that is no pain.002, pain.002.001.02, broken XML, and a document type declaration are refused with what they are', () => {
    const payment = pain002('10', {}).replace('pain.002.001.10', 'pain.001.001.09');
    expect(() => parseStatusFile(Buffer.from(payment))).toThrow('This XML file is not a pain.002 status report (its namespace is urn:iso:std:iso:20022:tech:xsd:pain.001.001.09).');
    expect(() => parseStatusFile(Buffer.from(pain002('02', {})))).toThrow(/not a pain.002/);
    expect(() => parseStatusFile(Buffer.from('<Document><CstmrPmtStsRpt></Document>'))).toThrow('The XML file could not be read: </Document> closes <CstmrPmtStsRpt>.');
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Document>&lol;</Document>';
    expect(() => parseStatusFile(Buffer.from(bomb))).toThrow(expect.objectContaining({ code: 'malformed' }));
  });
});

describe('any bytes at all', () => {
  const answer = (bytes: Buffer) => {
    try {
      parseStatusFile(bytes);
      return 'read';
    } catch (e) {
      if (e instanceof StatusFileError) return e.code;
      throw e;
    }
  };

  it('are read or refused with a StatusFileError, never another error', () => {
    const xmlish = fc
      .array(fc.constantFrom('<', '>', '/', '</', '/>', '<?xml?>', '<!--', '-->', '<![CDATA[', ']]>', '&', ';', '&#x110000;', '&#xD800;', '&#0;', '&amp;', '&foo;', '"', "'", '=',
        'Document', 'xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"', 'CstmrPmtStsRpt', 'TxInfAndSts', 'OrgnlEndToEndId', 'TxSts', 'RJCT', 'p:', ' ', '\n', 'x'), { maxLength: 60 })
      .map((parts) => parts.join(''));
    const nachaish = fc.array(fc.constantFrom('101 021000021', '799R01', '798C07', '6', '7', '9', ' ', '0123456789', '\n', '\r\n'), { maxLength: 40 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(xmlish, nachaish, fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString('latin1'))), (text) => {
        expect(['read', 'unknown_format', 'malformed']).toContain(answer(Buffer.from(text, 'utf8')));
      }),
      { numRuns: 400 },
    );
  });
});

describe('reason codes in words', () => {
  it('the ISO 20022 codes banks send most, and the NACHA return and change codes', () => {
    expect(reasonText('AC04')).toBe('The account is closed');
    expect(reasonText('R02')).toBe('The account is closed');
    const inWords = (code: string) => !/\(code /.test(reasonText(code));
    expect(['AC01', 'AC04', 'AC06', 'AG01', 'AM04', 'AM05', 'BE04', 'MD07', 'RC01', 'FF01', 'MS02', 'MS03', 'RR04', 'TM01', 'CNOR', 'DNOR'].filter((c) => !inWords(c))).toEqual([]);
    const assigned = [...Array.from({ length: 53 }, (_, i) => i + 1).filter((n) => n !== 48 && n !== 49), 61, 62, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 80, 81, 82, 83, 84, 85];
    expect(assigned.map((n) => `R${String(n).padStart(2, '0')}`).filter((c) => !inWords(c))).toEqual([]);
    for (let n = 1; n <= 9; n++) expect(reasonText(`C0${n}`)).toMatch(/wrong/);
    expect(reasonText('zz99')).toBe('Refused by the bank (code ZZ99)');
    expect(reasonText('R99')).toBe('Returned by the bank (code R99)');
  });
});
