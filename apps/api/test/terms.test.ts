import { SHIPPED_TERMS_VERSION, termsMessages } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createStaff, signIn, uniqueEmail } from './support/users.ts';

// Terms of Service and age 18+: required at sign-up, stored with the version and time, asked again
// after staff publish a new version, and read by staff.

let t: TestApp;
const mail = new MailCatcher();
type Tokens = { access_token: string };
let settingsStaff: Tokens;
let affiliatesStaff: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['settings']);
  const a = await createStaff(t.app, ['affiliates']);
  settingsStaff = await signIn(t.app, mail, s.email, s.password);
  affiliatesStaff = await signIn(t.app, mail, a.email, a.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens?: Tokens, payload?: object, remoteAddress?: string) =>
  t.app.inject({ method, url, headers: tokens ? bearer(tokens) : {}, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const password = 'terms-affiliate-1';
const signUp = (email: string, extra: object) => call('POST', '/v1/register', undefined, { first_name: 'Terry', email, password, password_confirmation: password, ...extra }, '203.0.113.7');
const rowsOf = async (email: string) => {
  const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u ? t.app.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, u.id)) : [];
};

describe('terms of service at sign-up', () => {
  it('refuses a sign-up without the box ticked, on its field, and stores nobody', async () => {
    for (const extra of [{}, { accept_terms: false }, { accept_terms: 'yes' }]) {
      const email = uniqueEmail('no-terms');
      const res = await signUp(email, extra);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { accept_terms: [termsMessages.acceptRequired] } });
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  const email = uniqueEmail('terms');
  let affiliate: Tokens;
  let firstVersion: string;

  it('stores the acceptance with the version in force, the time and the address', async () => {
    const before = Date.now();
    expect((await signUp(email, { accept_terms: true })).statusCode).toBe(201);
    const [row, ...more] = await rowsOf(email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ version: SHIPPED_TERMS_VERSION, ip: '203.0.113.7', source: 'sign_up' });
    expect(row!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const token = MailCatcher.link(await mail.waitFor(email, /Activate/), '/activate-account').searchParams.get('token');
    expect((await call('POST', '/v1/account/activate', undefined, { token })).statusCode).toBe(200);
    affiliate = await signIn(t.app, mail, email, password);
    const profile = (await call('GET', '/v1/user/profile', affiliate)).json().data;
    expect(profile).toMatchObject({ terms_version: SHIPPED_TERMS_VERSION, terms_accepted_version: SHIPPED_TERMS_VERSION, must_accept_terms: false });
    expect(profile.terms_accepted_at).toBe(row!.acceptedAt.toISOString());
    firstVersion = profile.terms_version;
  });

  it('asks again after staff publish a new version, and stores the new acceptance', async () => {
    const published = await call('PUT', '/v1/settings/terms', settingsStaff, { changes: 'Payouts now go out on the 5th.' });
    expect(published.statusCode).toBe(200);
    const terms = published.json().data;
    expect(terms.changes).toBe('Payouts now go out on the 5th.');
    expect(terms.version > firstVersion).toBe(true);
    expect(terms.accepted_current).toBe(0);

    const asked = (await call('GET', '/v1/user/profile', affiliate)).json().data;
    expect(asked).toMatchObject({ terms_version: terms.version, terms_accepted_version: firstVersion, must_accept_terms: true });

    // The box is required here too, and a version read before the new one came out is not the one in force.
    expect((await call('POST', '/v1/user/accept-terms', affiliate, {})).json().errors).toEqual({ accept_terms: [termsMessages.acceptRequired] });
    const stale = await call('POST', '/v1/user/accept-terms', affiliate, { accept_terms: true, version: firstVersion });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ version: [termsMessages.versionChanged] });
    expect(await rowsOf(email)).toHaveLength(1);

    const accepted = await call('POST', '/v1/user/accept-terms', affiliate, { accept_terms: true, version: terms.version }, '198.51.100.9');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ data: { version: terms.version, accepted_version: terms.version, must_accept: false }, message: termsMessages.accepted });
    expect((await call('GET', '/v1/user/profile', affiliate)).json().data).toMatchObject({ terms_accepted_version: terms.version, must_accept_terms: false });
    const rows = await rowsOf(email);
    expect(rows.map((r) => [r.version, r.source, r.ip])).toEqual(expect.arrayContaining([[firstVersion, 'sign_up', '203.0.113.7'], [terms.version, 'renewal', '198.51.100.9']]));
    expect(rows).toHaveLength(2);
    // Accepting again changes nothing.
    expect((await call('POST', '/v1/user/accept-terms', affiliate, { accept_terms: true })).statusCode).toBe(200);
    expect(await rowsOf(email)).toHaveLength(2);
    expect((await call('GET', '/v1/settings/terms', settingsStaff)).json().data.accepted_current).toBe(1);
  });

  it('lets staff with affiliates read who accepted what, and filter the list by it', async () => {
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const list = await call('GET', `/v1/affiliates/${u!.id}/terms-acceptances`, affiliatesStaff);
    expect(list.statusCode).toBe(200);
    const data = list.json().data as Array<{ version: string; source: string; ip: string; accepted_at: string }>;
    expect(data.map((r) => r.source)).toEqual(['renewal', 'sign_up']);
    expect(data[1]).toMatchObject({ version: SHIPPED_TERMS_VERSION, ip: '203.0.113.7' });

    const current = (await call('GET', '/v1/affiliates?terms=current&per_page=all', affiliatesStaff)).json().data as Array<{ id: number; terms_accepted_version: string | null }>;
    expect(current.map((r) => r.id)).toContain(u!.id);
    expect(current.find((r) => r.id === u!.id)!.terms_accepted_version).toBe(data[0]!.version);
    const outdated = (await call('GET', '/v1/affiliates?terms=outdated&per_page=all', affiliatesStaff)).json().data as Array<{ id: number }>;
    expect(outdated.map((r) => r.id)).not.toContain(u!.id);
    expect((await call('GET', '/v1/affiliates?terms=someday', affiliatesStaff)).statusCode).toBe(422);
  });

  it('keeps the terms to affiliates: staff are never asked and cannot accept, an affiliate cannot publish or read others', async () => {
    expect((await call('GET', '/v1/user/profile', settingsStaff)).json().data.must_accept_terms).toBe(false);
    expect((await call('POST', '/v1/user/accept-terms', settingsStaff, { accept_terms: true })).statusCode).toBe(403);
    const other = uniqueEmail('terms-other');
    await signUp(other, { accept_terms: true });
    const token = MailCatcher.link(await mail.waitFor(other, /Activate/), '/activate-account').searchParams.get('token');
    await call('POST', '/v1/account/activate', undefined, { token });
    const tokens = await signIn(t.app, mail, other, password);
    expect((await call('PUT', '/v1/settings/terms', tokens, { changes: 'Mine now' })).statusCode).toBe(403);
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect((await call('GET', `/v1/affiliates/${u!.id}/terms-acceptances`, tokens)).statusCode).toBe(403);
    expect((await call('PUT', '/v1/settings/terms', settingsStaff, { changes: '' })).json().errors.changes).toEqual(['This field is required']);
  });
});
