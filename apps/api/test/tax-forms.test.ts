import { taxFormMessages, validationMessages as m } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptValue } from '../src/lib/field-crypto.ts';
import { loadTerms } from '../src/modules/payouts/eligibility.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { periodStart } from '../src/modules/payouts/periods.ts';
import { EXPIRY_JOB, sweepExpiries } from '../src/modules/tax-forms/expiry-job.ts';
import { cryptoContext } from '../src/modules/tax-forms/submit.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { w8ben, w9 } from './support/tax-forms.ts';
import { paymentMethod } from './support/money.ts';
import { pdfText } from './support/pdf.ts';
import { form, pdfBytes, pngOfSize } from './support/files.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
const who: Record<'alice' | 'bob' | 'carol' | 'staff' | 'settingsStaff', Tokens> = {} as never;
const ids: Record<'alice' | 'bob' | 'carol' | 'staff', number> = {} as never;
const emails: Record<'alice' | 'bob' | 'carol', string> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  await paymentMethod(t.app, 'paypal', 5000);
  for (const k of ['alice', 'bob', 'carol'] as const) {
    const a = await createAffiliate(t.app);
    ids[k] = a.id;
    emails[k] = a.email;
    who[k] = await signIn(t.app, mail, a.email, a.password);
    await t.app.db.execute(sql`update affiliate_profiles set address = '1 Main St', city = 'Austin', postal_code = '73301', country = ${k === 'bob' ? 'DE' : 'US'} where user_id = ${a.id}`);
  }
  const s = await createStaff(t.app, ['affiliates']);
  ids.staff = s.id;
  who.staff = await signIn(t.app, mail, s.email, s.password);
  const other = await createStaff(t.app, ['settings']);
  who.settingsStaff = await signIn(t.app, mail, other.email, other.password);
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object | FormData) =>
  t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload: payload as never } : {}) });
const upload = async (tokens: Tokens, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
  const body = new Response(form(fields, file ? { file } : {}));
  const type = body.headers.get('content-type')!;
  return t.app.inject({ method: 'POST', url: '/v1/tax-forms', headers: { ...bearer(tokens), 'content-type': type }, payload: Buffer.from(await body.arrayBuffer()) });
};
const formCount = async () => Number((await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from tax_forms`))[0]!.n);
const issues = async (tokens: Tokens) => (await call('GET', '/v1/user/profile', tokens)).json().data.issues.legal as string[];
/** The tax form's reasons among a payout's hold reasons (billing details are left incomplete here). */
const holdReasons = async (id: number) => (await loadTerms(t.app.db, [id])).get(id)!.issues.filter((code) => code.startsWith('legal_forms'));


describe('tax forms: submitting', () => {
  it('starts with no form: not uploaded, and the profile and payout hold say so', async () => {
    const me = (await call('GET', '/v1/tax-forms/me', who.alice)).json().data;
    expect(me).toMatchObject({ status: 'not_uploaded', issue: 'legal_forms_not_submitted', current: null, history: [] });
    expect(await issues(who.alice)).toEqual(['legal_forms_not_submitted']);
    expect(await holdReasons(ids.alice)).toContain('legal_forms_not_submitted');
  });

  it.each([
    ['an SSN of the wrong shape', { tin: '12-345678' }, 'tin', taxFormMessages.ssn],
    ['an SSN with area 666', { tin: '666-12-3456' }, 'tin', taxFormMessages.ssn],
    ['an ITIN outside its group ranges', { tin: '912-40-1234' }, 'tin', taxFormMessages.ssn],
    ['an EIN with an unused prefix', { tin_type: 'ein', tin: '07-1234567' }, 'tin', taxFormMessages.ein],
    ['a missing signature', { signature: '' }, 'signature', m.required],
    ['no certification', { certify: false }, 'certify', m.required],
    ['a bad ZIP code', { postal_code: '7330' }, 'postal_code', taxFormMessages.zip],
  ])('refuses %s on its field and stores nothing', async (_label, change, field, message) => {
    const res = await call('POST', '/v1/tax-forms', who.alice, { ...w9, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { [field]: [message] } });
    expect(await formCount()).toBe(0);
  });

  it('refuses a W-8 for a US address and an unknown form type', async () => {
    const us = await call('POST', '/v1/tax-forms', who.bob, { ...w8ben, country: 'US' });
    expect(us.json().errors).toEqual({ country: [taxFormMessages.usCountry] });
    const unknown = await call('POST', '/v1/tax-forms', who.bob, { ...w8ben, form_type: 'w7' });
    expect(unknown.statusCode).toBe(422);
    expect(await formCount()).toBe(0);
  });

  it('stores a filled W-9 as pending, with the SSN encrypted at rest and masked everywhere', async () => {
    const sent = mail.messages.length;
    const res = await call('POST', '/v1/tax-forms', who.alice, w9);
    expect(res.statusCode).toBe(201);
    // Staff hear of it at the support address (Global Settings, Email notifications).
    expect((await mail.waitFor(t.config.supportEmail, /^Tax form to review: /, sent)).text).toContain('Form W-9');
    expect((await mail.waitFor(t.config.supportEmail, /^Tax form to review: /, sent)).text).toContain(`/affiliates/tax-forms?tax_form=${res.json().data.id}`);
    const f = res.json().data;
    expect(f).toMatchObject({ form_type: 'w9', source: 'filled', status: 'pending', tin_type: 'ssn', tin_masked: '***-**-6789', signature: 'Alice Walker', expires_at: null });
    expect(f.fields).toMatchObject({ name: 'Alice <b>Walker</b>', state: 'TX', certify: true });
    expect(JSON.stringify(f)).not.toMatch(/123-?45-?6789/);

    const [raw] = await rows<Record<string, unknown>>(t.app.db, sql`select * from tax_forms where id = ${f.id}`);
    expect(JSON.stringify(raw)).not.toMatch(/123-?45-?6789/);
    expect(raw!.tins_encrypted).toMatch(/^v1\./);
    const clear = JSON.parse(decryptValue(t.config.taxFormKey, raw!.tins_encrypted as string, cryptoContext(ids.alice, 'tins')).toString());
    expect(clear).toEqual({ tin: '123456789' });
    // Bound to its affiliate: the same value does not decrypt as another's.
    expect(() => decryptValue(t.config.taxFormKey, raw!.tins_encrypted as string, cryptoContext(ids.bob, 'tins'))).toThrow(/unable to authenticate/);

    const me = (await call('GET', '/v1/tax-forms/me', who.alice)).json().data;
    expect(me).toMatchObject({ status: 'pending', issue: 'legal_forms_not_accepted', current: { id: f.id } });
    expect(await issues(who.alice)).toEqual(['legal_forms_not_accepted']);
    expect(await holdReasons(ids.alice)).toContain('legal_forms_not_accepted');
  });

  it('renders the filled form as a PDF with the name and the masked TIN, for the owner and staff only', async () => {
    const [{ id }] = (await call('GET', '/v1/tax-forms/me', who.alice)).json().data.history;
    const res = await call('GET', `/v1/tax-forms/${id}/pdf`, who.alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Form');
    expect(text).toContain('W-9');
    expect(text).toContain('Request for Taxpayer Identification Number and');
    expect(text).toContain('Alice <b>Walker</b>');
    expect(text).toContain('***-**-6789');
    expect(text).toContain('Part II');
    expect(text).not.toMatch(/123-?45-?6789/);
    expect((await call('GET', `/v1/tax-forms/${id}/pdf`, who.staff)).statusCode).toBe(200);
    expect((await call('GET', `/v1/tax-forms/${id}/pdf`, who.bob)).statusCode).toBe(404);
    expect((await call('GET', `/v1/tax-forms/${id}`, who.bob)).statusCode).toBe(404);
    expect((await call('GET', `/v1/tax-forms/${id}/pdf`, who.settingsStaff)).statusCode).toBe(403);
  });

  it('takes a signed PDF upload, checked by content and size', async () => {
    const renamed = await upload(who.carol, { form_type: 'w9' }, { name: 'w9.pdf', bytes: pngOfSize(2000) });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ file: [taxFormMessages.file] });
    const big = Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await upload(who.carol, { form_type: 'w9' }, { name: 'w9.pdf', bytes: big });
    expect(oversized.statusCode).toBe(422);
    expect(oversized.json().errors).toEqual({ file: [taxFormMessages.file] });
    expect((await upload(who.carol, { form_type: 'w9' })).json().errors).toEqual({ file: [m.required] });
    expect((await upload(who.carol, { form_type: '' }, { name: 'w9.pdf', bytes: pdfBytes })).json().errors).toEqual({ form_type: [m.required] });
    expect(await formCount()).toBe(1);

    const ok = await upload(who.carol, { form_type: 'w9' }, { name: 'my w9.pdf', bytes: pdfBytes });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ source: 'upload', status: 'pending', file_name: 'my w9.pdf', tin_masked: null });
    const [raw] = await rows<{ file_encrypted: string }>(t.app.db, sql`select file_encrypted from tax_forms where id = ${ok.json().data.id}`);
    expect(raw!.file_encrypted).not.toContain('PDF');
    const back = await call('GET', `/v1/tax-forms/${ok.json().data.id}/pdf`, who.staff);
    expect(Buffer.compare(back.rawPayload, pdfBytes)).toBe(0);
  });
});

describe('tax forms: review', () => {
  it('lists pending forms for staff, oldest first; affiliates may not', async () => {
    const list = (await call('GET', '/v1/tax-forms', who.staff)).json();
    expect(list.data.map((f: { affiliate: { id: number } }) => f.affiliate.id)).toEqual([ids.alice, ids.carol]);
    expect(list.meta).toEqual({ total: 2, page: 1, per_page: 50 });
    expect((await call('GET', '/v1/tax-forms', who.alice)).statusCode).toBe(403);
    expect((await call('GET', `/v1/affiliates/${ids.alice}/tax-forms`, who.staff)).json().data).toMatchObject({ status: 'pending', affiliate: { id: ids.alice } });
    expect((await call('GET', `/v1/affiliates/${ids.staff}/tax-forms`, who.staff)).statusCode).toBe(404);
  });

  it('reveals a TIN only to staff with affiliates, writing an event', async () => {
    const [{ id }] = (await call('GET', '/v1/tax-forms/me', who.alice)).json().data.history;
    expect((await call('POST', `/v1/tax-forms/${id}/reveal-tin`, who.alice)).statusCode).toBe(403);
    expect((await call('POST', `/v1/tax-forms/${id}/reveal-tin`, who.settingsStaff)).statusCode).toBe(403);
    const res = await call('POST', `/v1/tax-forms/${id}/reveal-tin`, who.staff);
    expect(res.json().data).toEqual({ tin: '123-45-6789', us_tin: null, foreign_tin: null });
    const events = await rows<{ actor_id: number; subject_id: number; data: { form_id: number } }>(t.app.db, sql`select actor_id, subject_id, data from events where type = 'tax_form.tin_revealed'`);
    expect(events).toEqual([{ actor_id: ids.staff, subject_id: ids.alice, data: { form_id: id } }]);
  });

  it('accepts a pending form: no issue left, the affiliate emailed; accepting again is a conflict', async () => {
    const [{ id }] = (await call('GET', '/v1/tax-forms/me', who.alice)).json().data.history;
    expect((await call('POST', `/v1/tax-forms/${id}/accept`, who.alice)).statusCode).toBe(403);
    const before = mail.messages.length;
    const res = await call('POST', `/v1/tax-forms/${id}/accept`, who.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: taxFormMessages.accepted, data: { status: 'accepted', reviewed_by: { id: ids.staff } } });
    await mail.waitFor(emails.alice, /accepted/, before);
    expect(await issues(who.alice)).toEqual([]);
    expect(await holdReasons(ids.alice)).toEqual([]);
    const again = await call('POST', `/v1/tax-forms/${id}/accept`, who.staff);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error_code: 'conflict', message: taxFormMessages.notPending });
    expect((await call('POST', '/v1/tax-forms/999999/accept', who.staff)).statusCode).toBe(404);
  });

  it('declines keeping it pending (the alternative choice): the reason is sent, the form stays in the queue', async () => {
    const [{ id }] = (await call('GET', '/v1/tax-forms/me', who.carol)).json().data.history;
    expect((await call('POST', `/v1/tax-forms/${id}/decline`, who.staff, { reason: '', status: 'pending' })).json().errors).toEqual({ reason: [m.required] });
    expect((await call('POST', `/v1/tax-forms/${id}/decline`, who.staff, { reason: 'x', status: 'declined' })).statusCode).toBe(422);
    const before = mail.messages.length;
    const res = await call('POST', `/v1/tax-forms/${id}/decline`, who.staff, { reason: 'Page 2 is missing', status: 'pending' });
    expect(res.json()).toMatchObject({ message: taxFormMessages.keptPending, data: { status: 'pending', decline_reason: 'Page 2 is missing' } });
    const email = await mail.waitFor(emails.carol, /needs a change/, before);
    expect(email.text).toContain('Page 2 is missing');
    expect((await call('GET', '/v1/tax-forms/me', who.carol)).json().data).toMatchObject({ status: 'pending', issue: 'legal_forms_not_accepted' });
    expect((await call('GET', '/v1/tax-forms', who.staff)).json().data.map((f: { id: number }) => f.id)).toEqual([id]);
  });

  it('declines back to Not Uploaded: the reason stays visible, the issue says rejected, the affiliate is emailed', async () => {
    const [{ id }] = (await call('GET', '/v1/tax-forms/me', who.carol)).json().data.history;
    const before = mail.messages.length;
    const res = await call('POST', `/v1/tax-forms/${id}/decline`, who.staff, { reason: 'Not signed', status: 'not_uploaded' });
    expect(res.json()).toMatchObject({ message: taxFormMessages.declined, data: { status: 'declined', decline_reason: 'Not signed' } });
    await mail.waitFor(emails.carol, /declined/, before);
    const me = (await call('GET', '/v1/tax-forms/me', who.carol)).json().data;
    expect(me).toMatchObject({ status: 'not_uploaded', issue: 'legal_forms_rejected', current: { status: 'declined', decline_reason: 'Not signed' } });
    expect(await issues(who.carol)).toEqual(['legal_forms_rejected']);
    expect(await holdReasons(ids.carol)).toContain('legal_forms_rejected');
    expect((await call('POST', `/v1/tax-forms/${id}/decline`, who.staff, { reason: 'Again', status: 'not_uploaded' })).statusCode).toBe(409);
    // A US person without a valid W-9 has backup withholding taken (24 % unless the settings say otherwise).
    expect((await loadTerms(t.app.db, [ids.carol])).get(ids.carol)!.withholdingBp).toBe(2400);
    expect((await loadTerms(t.app.db, [ids.alice])).get(ids.alice)!.withholdingBp).toBe(0);
  });

  it('lets staff mark an affiliate as not needing a form, and back', async () => {
    const res = await call('PUT', `/v1/affiliates/${ids.carol}/tax-forms/status`, who.staff, { status: 'n_a' });
    expect(res.json()).toMatchObject({ message: taxFormMessages.statusSaved, data: { status: 'n_a', issue: null } });
    expect(await issues(who.carol)).toEqual([]);
    const back = await call('PUT', `/v1/affiliates/${ids.carol}/tax-forms/status`, who.staff, { status: 'not_uploaded' });
    expect(back.json().data).toMatchObject({ status: 'not_uploaded', issue: 'legal_forms_rejected' });
  });
});

describe('tax forms: W-8 expiry', () => {
  it('a W-8BEN is valid through the end of the third calendar year after signing', async () => {
    const res = await call('POST', '/v1/tax-forms', who.bob, w8ben);
    expect(res.statusCode).toBe(201);
    const f = res.json().data;
    const year = Number(f.signed_at.slice(0, 4));
    expect(f.expires_at).toBe(periodStart(`${year + 4}-01`).toISOString());
    expect(f).toMatchObject({ tin_type: 'foreign', tin_masked: '****7890', fields: { foreign_tin: '****7890', date_of_birth: '1988-04-12' } });
    expect((await call('POST', `/v1/tax-forms/${f.id}/accept`, who.staff)).statusCode).toBe(200);
    expect(await issues(who.bob)).toEqual([]);
    const text = pdfText((await call('GET', `/v1/tax-forms/${f.id}/pdf`, who.bob)).rawPayload);
    expect(text).toContain('W-8BEN');
    expect(text).toContain('Bruno Keller');
    expect(text).toContain('****7890');
    expect(text).not.toContain('67890');
    expect(text).toContain(`Valid through December 31, ${year + 3}`);
  });

  it('reminds 30 days before, then marks it expired: the issue and the payout hold follow, each email once', async () => {
    const [f] = await rows<{ id: number; expires_at: Date }>(t.app.db, sql`select id, expires_at from tax_forms where affiliate_id = ${ids.bob}`);
    const expires = new Date(f!.expires_at).getTime();
    const deps = { db: t.app.db, mailer: t.app.mailer, config: t.config, publicUrl: t.config.publicUrl, log: t.app.log };
    expect(await sweepExpiries(deps, new Date(expires - 40 * 86_400_000))).toEqual({ reminded: 0, expired: 0 });
    let before = mail.messages.length;
    expect(await sweepExpiries(deps, new Date(expires - 29 * 86_400_000))).toEqual({ reminded: 1, expired: 0 });
    const reminder = await mail.waitFor(emails.bob, /expires soon/, before);
    expect(reminder.text).toMatch(/valid through December 31, \d{4}/);
    expect(reminder.raw).toMatch(/^List-Unsubscribe:\s+<[^>]*k=tax_form_reminders/m);
    expect(await sweepExpiries(deps, new Date(expires - 28 * 86_400_000))).toEqual({ reminded: 0, expired: 0 });

    before = mail.messages.length;
    expect(await sweepExpiries(deps, new Date(expires + 1000))).toEqual({ reminded: 0, expired: 1 });
    await mail.waitFor(emails.bob, /has expired/, before);
    expect(await sweepExpiries(deps, new Date(expires + 2000))).toEqual({ reminded: 0, expired: 0 });

    // Time moved past the expiry: the form's dates moved back instead, as if years had passed.
    await t.app.db.execute(sql`update tax_forms set expires_at = now() - interval '1 day' where id = ${f!.id}`);
    await t.app.db.execute(sql`update affiliate_profiles set legal_form_expires_at = now() - interval '1 day' where user_id = ${ids.bob}`);
    expect(await issues(who.bob)).toEqual(['legal_forms_expired']);
    expect(await holdReasons(ids.bob)).toContain('legal_forms_expired');
    // An expired form no longer counts: the state reads Not Uploaded, the issue says why.
    expect((await call('GET', '/v1/tax-forms/me', who.bob)).json().data).toMatchObject({ status: 'not_uploaded', issue: 'legal_forms_expired', current: { expired: true, status: 'accepted' } });
    // Not a US person: no backup withholding.
    expect((await loadTerms(t.app.db, [ids.bob])).get(ids.bob)!.withholdingBp).toBe(0);
  });

  it('keeps one expiry sweep scheduled on the job queue', async () => {
    const jobs = await rows<{ kind: string }>(t.app.db, sql`select kind from jobs where kind = ${EXPIRY_JOB} and done_at is null`);
    expect(jobs).toHaveLength(1);
  });
});

describe('tax forms: one state for the list, the profile issues and the payout hold', () => {
  const states = ['n_a', 'not_uploaded', 'pending', 'accepted', 'declined'] as const;
  const issueOf = { n_a: [], accepted: [], pending: ['legal_forms_not_accepted'], declined: ['legal_forms_rejected'] } as const;

  /** The affiliate as every reader sees them: the list's column, which filters find them, the panel, the issues, the hold. */
  async function everywhere(id: number, tokens: Tokens) {
    const row = (await call('GET', `/v1/affiliates?search=${id}`, who.staff)).json().data[0] as { legal_form_status: string; tax_form_id: number | null };
    const filters: string[] = [];
    for (const s of states) {
      const found = (await call('GET', `/v1/affiliates?search=${id}&legal_form_status=${s}`, who.staff)).json().data as { id: number }[];
      if (found.some((a) => a.id === id)) filters.push(s);
    }
    const me = (await call('GET', '/v1/tax-forms/me', tokens)).json().data as { status: string; issue: string | null };
    return { column: row.legal_form_status, taxFormId: row.tax_form_id, filters, panel: me.status, issues: await issues(tokens), hold: await holdReasons(id) };
  }

  /** Column, filter and panel agree on `state`; the issue and the hold follow it (`issue` where the state alone does not say). */
  async function expectState(id: number, tokens: Tokens, state: (typeof states)[number], issue?: string) {
    const seen = await everywhere(id, tokens);
    expect(seen).toMatchObject({ column: state, filters: [state], panel: state });
    const expected = issue ? [issue] : state === 'not_uploaded' ? ['legal_forms_not_submitted'] : [...issueOf[state]];
    expect(seen.issues).toEqual(expected);
    expect(seen.hold).toEqual(expected);
    return seen;
  }

  it('filter == column == panel after submit, decline (both choices), accept, expiry and n/a', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    await t.app.db.execute(sql`update affiliate_profiles set address = '5 Rue Haute', city = 'Lyon', postal_code = '69001', country = 'FR' where user_id = ${a.id}`);
    expect((await expectState(a.id, tokens, 'not_uploaded')).taxFormId).toBeNull();

    const first = (await call('POST', '/v1/tax-forms', tokens, { ...w8ben, name: 'Dana Roux', country_of_citizenship: 'FR', country: 'FR', treaty_country: 'FR', signature: 'Dana Roux' })).json().data;
    expect((await expectState(a.id, tokens, 'pending')).taxFormId).toBe(first.id);

    expect((await call('POST', `/v1/tax-forms/${first.id}/decline`, who.staff, { reason: 'Date of birth looks wrong', status: 'pending' })).statusCode).toBe(200);
    await expectState(a.id, tokens, 'pending');
    expect((await call('POST', `/v1/tax-forms/${first.id}/decline`, who.staff, { reason: 'Not signed', status: 'not_uploaded' })).statusCode).toBe(200);
    expect((await expectState(a.id, tokens, 'not_uploaded', 'legal_forms_rejected')).taxFormId).toBe(first.id);

    const second = (await call('POST', '/v1/tax-forms', tokens, { ...w8ben, name: 'Dana Roux', country_of_citizenship: 'FR', country: 'FR', treaty_country: 'FR', signature: 'Dana Roux' })).json().data;
    expect((await expectState(a.id, tokens, 'pending')).taxFormId).toBe(second.id);
    expect((await call('POST', `/v1/tax-forms/${second.id}/accept`, who.staff)).statusCode).toBe(200);
    await expectState(a.id, tokens, 'accepted');

    // Time moved past the expiry (the dates moved back): no sweep needed, every reader follows at once.
    await t.app.db.execute(sql`update tax_forms set expires_at = now() - interval '1 second' where id = ${second.id}`);
    await t.app.db.execute(sql`update affiliate_profiles set legal_form_expires_at = now() - interval '1 second' where user_id = ${a.id}`);
    await expectState(a.id, tokens, 'not_uploaded', 'legal_forms_expired');

    expect((await call('PUT', `/v1/affiliates/${a.id}/tax-forms/status`, who.staff, { status: 'n_a' })).statusCode).toBe(200);
    await expectState(a.id, tokens, 'n_a');
    expect((await call('PUT', `/v1/affiliates/${a.id}/tax-forms/status`, who.staff, { status: 'not_uploaded' })).statusCode).toBe(200);
    await expectState(a.id, tokens, 'not_uploaded', 'legal_forms_expired');
  });
});
