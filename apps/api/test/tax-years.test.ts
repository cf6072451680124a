import { RECORD_LENGTH } from '../src/modules/tax-year/irs-file.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { submitFilled } from '../src/modules/tax-forms/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { pdfText } from './support/pdf.ts';
import { w8ben, w9 } from './support/tax-forms.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
type Line = { affiliate_id: number; form: string | null; gross: number; withheld: number; problems: string[]; returned: number; no_form_reason: string | null; codes_1042s: Record<string, unknown> | null; electronic_delivery: boolean; issued: { id: number; corrected: boolean; changed: boolean } | null };

/**
 * Year-end forms from the payouts paid in a year: 1099-NEC for US payees from $600 or with backup
 * withholding, 1042-S for foreign payees, the recipient copies, their corrections, and the IRS file.
 */
describe('tax years', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: Tokens;
  let owner: Tokens;
  let seq = 0;
  const people: Record<string, { id: number; email: string; password: string; tokens?: Tokens }> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const lines = async (year = 2025) => (await call('GET', `/v1/tax-years/${year}/forms?per_page=all`, staff)).json() as { data: Line[]; meta: Record<string, unknown> };
  const line = async (who: string) => (await lines()).data.find((l) => l.affiliate_id === people[who]!.id)!;

  /** A payout as the close writes it and mark-paid (or a bank return) leaves it, paid at a chosen moment. */
  async function payout(affiliateId: number, paidAt: string, grossCents: number, withholdingCents = 0, status: 'paid' | 'returned' = 'paid'): Promise<number> {
    seq += 1;
    const at = new Date(paidAt);
    const [r] = await rows<{ id: number }>(
      t.app.db,
      sql`insert into payouts (affiliate_id, period, status, gross_cents, withholding_cents, fee_cents, method_fee_cents, amount_cents, minimum_cents, method, invoice_year, invoice_seq, cutoff, created_at, approved_at, paid_at)
          values (${affiliateId}, ${`20${String(10 + seq).padStart(2, '0')}-01`}, ${status}, ${grossCents}, ${withholdingCents}, 0, 0, ${grossCents - withholdingCents}, 0, 'paypal', 2099, ${seq}, ${at}, ${at}, ${at}, ${at}) returning id`,
    );
    return r!.id;
  }

  /** A tax form sent through the affiliate's door and accepted by staff. */
  async function acceptedForm(affiliateId: number, form: Parameters<typeof submitFilled>[3]): Promise<void> {
    const id = await submitFilled(t.app.db, t.app.config.taxFormKey, affiliateId, form, new Date('2024-11-02T12:00:00Z'));
    const res = await call('POST', `/v1/tax-forms/${id}/accept`, owner);
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['payouts']);
    staff = await signIn(t.app, mail, s.email, s.password);
    owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
    for (const who of ['alice', 'bob', 'carol', 'dieter', 'erin']) people[who] = await createAffiliate(t.app);
    await t.app.db.execute(sql`update affiliate_profiles set country = 'US' where user_id in (${people.alice!.id}, ${people.bob!.id}, ${people.carol!.id}, ${people.erin!.id})`);
    await t.app.db.execute(sql`update affiliate_profiles set country = 'DE' where user_id = ${people.dieter!.id}`);
    await acceptedForm(people.alice!.id, w9 as never);
    await acceptedForm(people.bob!.id, { ...w9, name: 'Bob Stone', tin_type: 'ein', tin: '46-3827150', tax_classification: 'c_corporation' } as never);
    await acceptedForm(people.carol!.id, { ...w9, name: 'Carol Small', tin: '521-44-7391' } as never);
    await acceptedForm(people.dieter!.id, { ...w8ben, name: 'Dieter Braun' } as never);

    // Alice: two payments, one returned by her bank, one paid on New Year's Eve in Los Angeles (already 2025 in UTC), one in 2026.
    await payout(people.alice!.id, '2025-03-10T18:00:00Z', 400_00);
    await payout(people.alice!.id, '2025-07-15T18:00:00Z', 350_55);
    await payout(people.alice!.id, '2025-08-01T18:00:00Z', 200_00, 0, 'returned');
    await payout(people.alice!.id, '2025-01-01T07:30:00Z', 999_00);
    await payout(people.alice!.id, '2026-01-01T08:30:00Z', 777_00);
    // Bob: under $600, but backup withholding (24 %) was taken: a 1099-NEC at any amount.
    await payout(people.bob!.id, '2025-05-05T18:00:00Z', 300_00, 72_00);
    // Carol: one cent under the threshold.
    await payout(people.carol!.id, '2025-09-09T18:00:00Z', 599_99);
    // Dieter: a foreign payee at the German treaty rate of 15 %.
    await payout(people.dieter!.id, '2025-04-04T18:00:00Z', 1_000_00, 150_00);
    await payout(people.dieter!.id, '2025-10-04T18:00:00Z', 333_33, 50_00);
    // Erin: paid $700 with no tax form on file.
    await payout(people.erin!.id, '2025-06-06T18:00:00Z', 700_00);

    for (const who of ['alice', 'bob']) people[who]!.tokens = await signIn(t.app, mail, people[who]!.email, people[who]!.password);
    await call('PUT', '/v1/settings/network-details', owner, { name: 'Nova Affiliates Inc', address: '500 Howard Street\nSan Francisco, CA 94105', email: 'tax@nova.example', tax_id: '12-3456789', invoice_footer: '' });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('gives each payee the form, the boxes to the cent and what stops it being filed', async () => {
    const alice = await line('alice');
    // 400.00 + 350.55 paid; the 200.00 the bank returned is out; Dec 31 in Los Angeles belongs to 2024.
    expect(alice).toMatchObject({ form: '1099-NEC', gross: 750.55, withheld: 0, returned: 200, problems: [], no_form_reason: null });
    expect(await line('bob')).toMatchObject({ form: '1099-NEC', gross: 300, withheld: 72, problems: [] });
    expect(await line('carol')).toMatchObject({ form: null, gross: 599.99, no_form_reason: 'under_threshold', problems: [] });
    expect(await line('dieter')).toMatchObject({
      form: '1042-S',
      gross: 1333.33,
      withheld: 200,
      problems: [],
      codes_1042s: { income_code: '17', chapter: 3, exemption_code: null, tax_rate: '15.00', recipient_status_code: '16', treaty_country: 'DE' },
    });
    expect(await line('erin')).toMatchObject({ form: '1099-NEC', gross: 700, problems: ['no_tax_form'] });
    const all = await lines();
    expect(all.meta).toMatchObject({ total: 5, year: 2025, to_date: false, totals: { forms_1099: 3, forms_1042s: 1, gross_1099: 1750.55, withheld_1099: 72, with_problems: 1 } });
    // 2024 holds the New Year's Eve payment; 2026 is the current year, its figures to date.
    expect((await lines(2024)).data.find((l) => l.affiliate_id === people.alice!.id)).toMatchObject({ gross: 999, form: '1099-NEC' });
    const now = await lines(2026);
    expect(now.meta.to_date).toBe(true);
    expect(now.data.find((l) => l.affiliate_id === people.alice!.id)).toMatchObject({ gross: 777 });
    // A year to come and a year that is not one are refused on the field.
    const future = await call('GET', '/v1/tax-years/2999/forms', staff);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.year).toEqual(['Enter a year from 2000 to this year.']);
    expect((await call('GET', '/v1/tax-years/20x5/forms', staff)).statusCode).toBe(422);
  });

  it('exempts corporations only when the setting says so', async () => {
    expect((await call('GET', '/v1/settings/tax-documents', staff)).json().data.exempt_corporations).toBe(false);
    await call('PUT', '/v1/settings/tax-documents', staff, { exempt_corporations: true, transmitter_control_code: '', contact_name: '', contact_phone: '' });
    // Bob is a C corporation, but backup withholding is reported whatever the payee.
    expect(await line('bob')).toMatchObject({ form: '1099-NEC' });
    await t.app.db.execute(sql`update payouts set withholding_cents = 0, gross_cents = gross_cents + 700_00, amount_cents = gross_cents + 700_00 where affiliate_id = ${people.bob!.id}`);
    expect(await line('bob')).toMatchObject({ form: null, no_form_reason: 'corporation_exempt' });
    await t.app.db.execute(sql`update payouts set gross_cents = 300_00, withholding_cents = 72_00, amount_cents = 228_00 where affiliate_id = ${people.bob!.id}`);
    await call('PUT', '/v1/settings/tax-documents', staff, { exempt_corporations: false, transmitter_control_code: '', contact_name: '', contact_phone: '' });
  });

  it('lets staff with payouts and the owner in, no one else', async () => {
    expect((await call('GET', '/v1/tax-years/2025/forms', owner)).statusCode).toBe(200);
    expect((await call('GET', '/v1/tax-years/2025/forms', people.alice!.tokens!)).statusCode).toBe(403);
    expect((await call('GET', `/v1/tax-years/2025/forms/${people.alice!.id}.pdf`, people.alice!.tokens!)).statusCode).toBe(403);
    expect((await call('GET', '/v1/tax-years/2025/irs-file', people.alice!.tokens!)).statusCode).toBe(403);
    const other = await createStaff(t.app, ['affiliates']);
    expect((await call('GET', '/v1/tax-years/2025/forms', await signIn(t.app, mail, other.email, other.password))).statusCode).toBe(403);
  });

  it('prints Copy B with the payer, the payee, the boxes and the tax number masked', async () => {
    const res = await call('GET', `/v1/tax-years/2025/forms/${people.alice!.id}.pdf`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const s of ['Form 1099-NEC', '1 Nonemployee compensation', 'Copy B', 'For Recipient', 'Nova Affiliates Inc', '500 Howard Street', '12-3456789', 'Alice <b>Walker</b>', '12 Elm Street', 'Austin, TX 73301', '***-**-6789', '$750.55', '$0.00', '2025']) expect(text).toContain(s);
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('CORRECTED FORM');
    const foreign = pdfText((await call('GET', `/v1/tax-years/2025/forms/${people.dieter!.id}.pdf`, staff)).rawPayload);
    for (const s of ['Form 1042-S', 'Copy B for Recipient', 'Dieter Braun', '$1,333.33', '$200.00', '15.00', '17', 'DE', '****7890']) expect(foreign).toContain(s);
    expect(foreign).not.toContain('12/345/67890');
    // Under the threshold there is no form to print.
    expect((await call('GET', `/v1/tax-years/2025/forms/${people.carol!.id}.pdf`, staff)).statusCode).toBe(404);
  });

  it('issues the forms once, emails the payees, and issues a changed one again as CORRECTED', async () => {
    const first = await call('POST', '/v1/tax-years/2025/issue', staff);
    expect(first.json()).toMatchObject({ data: { issued: 3, corrected: 0 }, message: '3 forms issued' });
    await mail.waitFor(people.alice!.email, /Your 2025 Form 1099-NEC is ready/);
    await mail.waitFor(people.dieter!.email, /Your 2025 Form 1042-S is ready/);
    expect(mail.messages.some((m) => m.to.includes(people.carol!.email) && /Form/.test(m.subject))).toBe(false);
    expect((await call('POST', '/v1/tax-years/2025/issue', staff)).json()).toMatchObject({ data: { issued: 0 }, message: 'Every form of this year is already issued with these figures.' });
    // Without consent to electronic delivery, staff see a paper copy is due.
    expect((await line('alice')).electronic_delivery).toBe(false);
    await call('PUT', '/v1/user/tax-documents/delivery', people.alice!.tokens!, { electronic: true });
    expect((await line('alice')).electronic_delivery).toBe(true);

    // Bob's payment comes back from his bank after the form went out.
    await t.app.db.execute(sql`update payouts set status = 'returned' where affiliate_id = ${people.bob!.id}`);
    await payout(people.bob!.id, '2025-12-01T18:00:00Z', 300_00, 60_00);
    expect(await line('bob')).toMatchObject({ gross: 300, withheld: 60, returned: 300, issued: { changed: true, corrected: false } });
    expect((await call('POST', '/v1/tax-years/2025/issue', staff)).json().data).toEqual({ issued: 1, corrected: 1 });
    const docs = (await call('GET', '/v1/user/tax-documents', people.bob!.tokens!)).json().data as Array<{ id: number; corrected: boolean; withheld: number; year: number }>;
    expect(docs.map((d) => [d.year, d.corrected, d.withheld])).toEqual([
      [2025, true, 60],
      [2025, false, 72],
    ]);
    const corrected = pdfText((await call('GET', `/v1/user/tax-documents/${docs[0]!.id}.pdf`, people.bob!.tokens!)).rawPayload);
    expect(corrected).toContain('CORRECTED FORM');
    expect(corrected).toContain('$60.00');
    expect(corrected).toContain('**-***7150');
    const original = pdfText((await call('GET', `/v1/user/tax-documents/${docs[1]!.id}.pdf`, people.bob!.tokens!)).rawPayload);
    expect(original).toContain('$72.00');
    expect(original).not.toContain('CORRECTED FORM');
    await mail.waitFor(people.bob!.email, /Your 2025 Form 1099-NEC is ready/);

    // Alice cannot read Bob's form: it does not exist for her.
    const theirs = await call('GET', `/v1/user/tax-documents/${docs[0]!.id}.pdf`, people.alice!.tokens!);
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', '/v1/user/tax-documents', people.alice!.tokens!)).json().data.map((d: { form: string }) => d.form)).toEqual(['1099-NEC']);
  });

  it('writes the IRS file as Publication 1220 lays it out: 750-byte T, A, B, C and F records with their totals', async () => {
    const missing = await call('GET', '/v1/tax-years/2025/irs-file', staff);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.transmitter_control_code).toBeDefined();
    await call('PUT', '/v1/settings/tax-documents', staff, { exempt_corporations: false, transmitter_control_code: '5a1b2', contact_name: 'Pat Payer', contact_phone: '(415) 555-0100' });
    const res = await call('GET', '/v1/tax-years/2025/irs-file', staff);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body.length % RECORD_LENGTH).toBe(0);
    expect(/^[\x20-\x7e\r\n]*$/.test(body)).toBe(true);
    const records = body.match(/[^]{750}/g)!;
    for (const r of records) expect(r.endsWith('\r\n')).toBe(true);
    expect(records.map((r) => r[0])).toEqual(['T', 'A', 'B', 'B', 'C', 'F']);
    const at = (r: string, from: number, to: number) => r.slice(from - 1, to);
    const [T, A, B1, B2, C, F] = records as [string, string, string, string, string, string];
    // T: payment year, transmitter's TIN, TCC, name, payees, in-house software.
    expect([at(T, 2, 5), at(T, 7, 15), at(T, 16, 20), at(T, 30, 69).trim(), at(T, 296, 303), at(T, 518, 518)]).toEqual(['2025', '123456789', '5A1B2', 'NOVA AFFILIATES INC', '00000002', 'I']);
    // A: type of return NE, amount codes 1 and 4, the payer's address split into its fields.
    expect([at(A, 12, 20), at(A, 26, 27), at(A, 28, 45).trim(), at(A, 134, 173).trim(), at(A, 174, 213).trim(), at(A, 214, 215), at(A, 216, 224).trim(), at(A, 225, 239).trim()]).toEqual([
      '123456789', 'NE', '14', '500 HOWARD STREET', 'SAN FRANCISCO', 'CA', '94105', '4155550100',
    ]);
    // B: the whole tax number (decrypted for this file only), amount 1 and amount 4 in cents.
    const alice = [B1, B2].find((b) => at(b, 12, 20) === '123456789')!;
    expect([at(alice, 6, 6), at(alice, 11, 11), at(alice, 21, 40).trim(), at(alice, 55, 66), at(alice, 91, 102), at(alice, 67, 78), at(alice, 288, 327).trim(), at(alice, 368, 407).trim(), at(alice, 448, 487).trim(), at(alice, 488, 489), at(alice, 490, 498).trim()]).toEqual([
      ' ', '2', String(people.alice!.id), '000000075055', '000000000000', '000000000000', 'ALICE  B WALKER  B', '12 ELM STREET', 'AUSTIN', 'TX', '73301',
    ]);
    const bob = [B1, B2].find((b) => at(b, 12, 20) === '463827150')!;
    expect([at(bob, 11, 11), at(bob, 55, 66), at(bob, 91, 102)]).toEqual(['1', '000000030000', '000000006000']);
    // C: payees and control totals 1 and 4; F: one payer, the payees; record sequence numbers 1 to 6.
    expect([at(C, 2, 9), at(C, 16, 33), at(C, 70, 87), at(C, 34, 51)]).toEqual(['00000002', '000000000000105055', '000000000000006000', '000000000000000000']);
    expect([at(F, 2, 9), at(F, 10, 30), at(F, 50, 57)]).toEqual(['00000001', '0'.repeat(21), '00000002']);
    expect(records.map((r) => at(r, 500, 507))).toEqual(['00000001', '00000002', '00000003', '00000004', '00000005', '00000006']);
    // The corrections file holds Bob's corrected form only, marked G.
    const fix = (await call('GET', '/v1/tax-years/2025/irs-file?corrections=true', staff)).body.match(/[^]{750}/g)!;
    expect(fix.map((r) => r[0])).toEqual(['T', 'A', 'B', 'C', 'F']);
    expect([at(fix[2]!, 6, 6), at(fix[2]!, 12, 20)]).toEqual(['G', '463827150']);
  });
});
