import { execFileSync } from 'node:child_process';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { taxFormMessages } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { form, pdfBytes } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';

/**
 * An uploaded tax form is opened by staff: its active content is stripped before it is stored (or
 * the file refused when it cannot be checked), and it is served as a download (docs/tax-forms.md).
 */

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let alice: Tokens;

beforeAll(async () => {
  const { t: app, people } = await appWithPeople(mail, { staff: ['affiliates'], alice: 'affiliate' });
  t = app;
  staff = people.staff.tokens;
  alice = people.alice.tokens;
});
afterAll(() => closeAppWithMail(t, mail));

const upload = async (bytes: Buffer | Uint8Array) => {
  const body = new Response(form({ form_type: 'w9' }, { file: { name: 'w9.pdf', bytes: Buffer.from(bytes) } }));
  return t.app.inject({ method: 'POST', url: '/v1/tax-forms', headers: { ...bearer(alice), 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
};
const download = (id: number) => t.app.inject({ method: 'GET', url: `/v1/tax-forms/${id}/pdf`, headers: bearer(staff) });

/** A one-page PDF, written out by hand, whose catalogue carries `extra` and which holds `objects`. */
function handPdf(extra: string, objects = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra} >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n${objects}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

describe('uploaded tax forms', () => {
  it('lose an /OpenAction JavaScript before they are stored; staff download the cleaned file as an attachment', async () => {
    const hostile = handPdf('/OpenAction 4 0 R', '4 0 obj << /Type /Action /S /JavaScript /JS (app.alert\\("opened"\\)) >> endobj');
    expect(hostile.toString('latin1')).toMatch(/\/OpenAction 4 0 R.*\/S \/JavaScript \/JS \(app\.alert/s);
    const res = await upload(hostile);
    expect(res.statusCode).toBe(201);
    const back = await download(res.json().data.id);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toBe(`attachment; filename="tax-form-${res.json().data.id}.pdf"`);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    const stored = back.rawPayload;
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.toString('latin1')).not.toMatch(/JavaScript|\/JS\b|OpenAction|app\.alert/);
    // Still the same document: one page.
    expect(execFileSync('pdfinfo', ['-'], { input: stored }).toString()).toMatch(/Pages:\s+1/);
  });

  it.each([
    ['a name written with escapes (/J#53)', handPdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>')],
    ['page actions (/AA) and a launch link', handPdf('', '5 0 obj << /AA << /O << /S /JavaScript /JS (app.alert\\(2\\)) >> >> /Annots [6 0 R] >> endobj\n6 0 obj << /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /Launch /F (calc.exe) >> >> endobj')],
    ['a document-level script and an attached file', handPdf('/Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert\\(3\\)) >>] >> /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) /EF << /F 7 0 R >> >>] >> >>', '7 0 obj << /Type /EmbeddedFile /Length 2 >> stream\nMZ\nendstream endobj')],
    ['an XFA form', handPdf('/AcroForm << /Fields [] /XFA 8 0 R >>', '8 0 obj << /Length 9 >> stream\n<xdp:xdp>\nendstream endobj')],
  ])('lose %s', async (_label, hostile) => {
    const res = await upload(hostile);
    expect(res.statusCode).toBe(201);
    const stored = (await download(res.json().data.id)).rawPayload.toString('latin1');
    expect(stored).not.toMatch(/JavaScript|J#53|\/JS\b|\/AA\b|Launch|calc\.exe|EmbeddedFile|\/EF\b|XFA|xdp|app\.alert/);
  });

  it('lose a script hidden in a compressed object stream', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(4)') })));
    const compressed = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(compressed.toString('latin1')).not.toContain('JavaScript');
    const res = await upload(compressed);
    expect(res.statusCode).toBe(201);
    const stored = (await download(res.json().data.id)).rawPayload;
    const again = await PDFDocument.load(stored);
    expect(again.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(stored.toString('latin1')).not.toMatch(/JavaScript|app\.alert/);
  });

  it('keep a clean PDF byte for byte, and refuse one that cannot be checked, storing nothing', async () => {
    const clean = await upload(pdfBytes);
    expect(clean.statusCode).toBe(201);
    expect(Buffer.compare((await download(clean.json().data.id)).rawPayload, pdfBytes)).toBe(0);
    const encrypted = handPdf('', '9 0 obj << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >> endobj').toString('latin1').replace('trailer << /Root 1 0 R >>', 'trailer << /Root 1 0 R /Encrypt 9 0 R /ID [<00> <00>] >>');
    const before = (await t.app.inject({ method: 'GET', url: '/v1/tax-forms/me', headers: bearer(alice) })).json().data.history.length;
    for (const bad of [Buffer.from(encrypted, 'latin1'), Buffer.from('%PDF-1.4\nnot a document at all\n%%EOF\n')]) {
      const res = await upload(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error_code: 'validation_failed', message: expect.any(String), errors: { file: [taxFormMessages.fileUnchecked] } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/tax-forms/me', headers: bearer(alice) })).json().data.history.length).toBe(before);
  });

  it('a filled form, rendered by us, is still shown in the browser', async () => {
    const w9 = { form_type: 'w9', name: 'Alice Walker', business_name: '', tax_classification: 'individual', address: '12 Elm Street', city: 'Austin', state: 'TX', postal_code: '73301', tin_type: 'ssn', tin: '123-45-6789', certify: true, signature: 'Alice Walker' };
    const res = await t.app.inject({ method: 'POST', url: '/v1/tax-forms', headers: bearer(alice), payload: w9 });
    expect(res.statusCode).toBe(201);
    const back = await download(res.json().data.id);
    expect(back.headers['content-disposition']).toBe(`inline; filename="tax-form-${res.json().data.id}.pdf"`);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
  });
});
