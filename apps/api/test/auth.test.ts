import { authMessages } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, sessions, users } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/lib/access-token.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn, uniqueEmail } from './support/users.ts';

let t: TestApp;
const mail = new MailCatcher();

beforeAll(async () => {
  const smtpUrl = await mail.start();
  t = await createTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL: 'http://portal.test' });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const profile = (tokens: { access_token: string }) => t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(tokens) });

describe('sign-up and activation', () => {
  const email = uniqueEmail('signup');
  const password = 'new-affiliate-1';

  it('registers an inactive affiliate and emails the activation link', async () => {
    const before = mail.messages.length;
    const res = await post('/v1/register', { first_name: 'Dana', email, password, password_confirmation: password, methods: ['website'], country: 'DE', accept_terms: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe(authMessages.activationSent);
    const msg = await mail.waitFor(email, /Activate/, before);
    expect(MailCatcher.link(msg, '/activate-account').origin).toBe('http://portal.test');
    expect(msg.raw).toMatch(/Content-Type: text\/html/);
    expect(msg.raw).toMatch(/Content-Type: text\/plain/);
  });

  it('refuses sign-in before activation with a distinct message', async () => {
    const res = await post('/v2/authentication/login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'user_inactive', message: authMessages.inactive });
  });

  it('activates with the emailed token, once', async () => {
    const token = MailCatcher.link(await mail.waitFor(email, /Activate/), '/activate-account').searchParams.get('token');
    const res = await post('/v1/account/activate', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Account activated successfully');
    const again = await post('/v1/account/activate', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().error_code).toBe('token_invalid');
    const login = await post('/v2/authentication/login', { email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ token_type: 'Bearer' });
  });

  it('never refuses many sign-ups activating from one address, but refuses guessing tokens from it', async () => {
    const address = '10.77.0.1';
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) {
      const who = uniqueEmail(`office${i}`);
      const before = mail.messages.length;
      expect((await post('/v1/register', { first_name: 'Office', email: who, password, password_confirmation: password, accept_terms: true }, {}, address)).statusCode).toBe(201);
      tokens.push(MailCatcher.link(await mail.waitFor(who, /Activate/, before), '/activate-account').searchParams.get('token')!);
    }
    for (const token of tokens.slice(0, 11)) expect((await post('/v1/account/activate', { token }, {}, address)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post('/v1/account/activate', { token: `guess-${i}` }, {}, address)).statusCode).toBe(422);
    const refused = await post('/v1/account/activate', { token: tokens[11] }, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_code).toBe('too_many_requests');
    // Another address is not held back.
    expect((await post('/v1/account/activate', { token: tokens[11] }, {}, '10.77.0.2')).statusCode).toBe(200);
  });

  it('answers a duplicate email with error_code unique on the email field', async () => {
    const res = await post('/v1/register', { first_name: 'Dana', email: email.toUpperCase(), password, password_confirmation: password, accept_terms: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('unique');
    expect(res.json().errors.email).toEqual([authMessages.emailTaken]);
  });

  it('gives field messages for bad input and stores nothing', async () => {
    const bad = uniqueEmail('bad');
    const res = await post('/v1/register', { first_name: '', email: bad, password: 'short', password_confirmation: 'other', website: 'nope' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.first_name).toContain('This field is required');
    expect(errors.password).toContain('This field must be at least 8 characters');
    expect(errors.website).toContain('This field must be a url.');
    // No box ticked: the Terms of Service and age 18+ are asked on their own field.
    expect(errors.accept_terms).toEqual(['Accept the Terms of Service and confirm that you are 18 or older.']);
    const rows = await t.app.db.select().from(users).where(eq(users.email, bad));
    expect(rows).toHaveLength(0);
  });

  it('links a referred affiliate to the referrer', async () => {
    const referrer = await createAffiliate(t.app);
    const referred = uniqueEmail('referred');
    const res = await post(`/v1/register?referred_by=${referrer.id}`, { first_name: 'Ref', email: referred, password, password_confirmation: password, accept_terms: true });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, referred));
    expect(row?.referredById).toBe(referrer.id);
  });

  it("links a sign-up through the referrer's opaque code, and ignores a code nobody has", async () => {
    const referrer = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, referrer.email, referrer.password);
    const { code, link } = (await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(tokens) })).json().data;
    expect(link).toMatch(/\/signup\?referred_by=[a-z][a-z2-9]{9}$/);
    const referred = uniqueEmail('by-code');
    expect((await post(`/v1/register?referred_by=${code}`, { first_name: 'Coded', email: referred, password, password_confirmation: password, accept_terms: true })).statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, referred));
    expect(row?.referredById).toBe(referrer.id);
    const stray = uniqueEmail('stray-code');
    expect((await post('/v1/register?referred_by=zzzzzzzzzz', { first_name: 'Stray', email: stray, password, password_confirmation: password, accept_terms: true })).statusCode).toBe(201);
    const [strayRow] = await t.app.db.select().from(users).where(eq(users.email, stray));
    expect(strayRow?.referredById).toBeNull();
  });
});

describe('sign-in', () => {
  it('gives the same message for a wrong password and an unknown email', async () => {
    const a = await createAffiliate(t.app);
    const wrong = await post('/v2/authentication/login', { email: a.email, password: 'wrong-password' });
    const unknown = await post('/v2/authentication/login', { email: uniqueEmail('nobody'), password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error_code: 'invalid_credentials', message: authMessages.wrongCredentials });
  });

  it('requires the emailed code for staff (two-step) and refuses a wrong one', async () => {
    const staff = await createStaff(t.app, ['dashboard']);
    const before = mail.messages.length;
    const res = await post('/v2/authentication/login', { email: staff.email, password: staff.password });
    expect(res.statusCode).toBe(200);
    const { session_token } = res.json().data;
    expect(session_token).toEqual(expect.any(String));
    expect(res.json().data.access_token).toBeUndefined();
    const code = MailCatcher.code(await mail.waitFor(staff.email, /sign-in code/, before));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await post('/v2/authentication/confirm', { session_token, code: wrongCode });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error_code).toBe('code_invalid');
    const ok = await post('/v2/authentication/confirm', { session_token, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token_type).toBe('Bearer');
    const reused = await post('/v2/authentication/confirm', { session_token, code });
    expect(reused.statusCode).toBe(422);
  });

  it('lets an affiliate turn two-step sign-in on and off only with the current password', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const twoStep = (payload: object, who: { access_token: string } = tokens) => t.app.inject({ method: 'PUT', url: '/v1/user/two-step', headers: bearer(who), payload });
    // Not through the profile form: the field is not taken there.
    await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(tokens), payload: { two_step_enabled: true } });
    expect((await profile(tokens)).json().data.two_step_enabled).toBe(false);
    // A wrong or missing password changes nothing.
    const wrong = await twoStep({ enabled: true, current_password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error_code: 'validation_failed', errors: { current_password: [authMessages.currentPasswordWrong] } });
    expect((await twoStep({ enabled: true })).json().errors).toEqual({ current_password: ['This field is required'] });
    expect((await profile(tokens)).json().data.two_step_enabled).toBe(false);
    const on = await twoStep({ enabled: true, current_password: a.password });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ two_step_enabled: true, message: authMessages.twoStepOn });
    expect((await profile(tokens)).json().data.two_step_enabled).toBe(true);
    const res = await post('/v2/authentication/login', { email: a.email, password: a.password });
    expect(res.json().data.session_token).toEqual(expect.any(String));
    const off = await twoStep({ enabled: false, current_password: a.password });
    expect(off.json().data).toEqual({ two_step_enabled: false, message: authMessages.twoStepOff });
    // Staff always sign in in two steps.
    const s = await createStaff(t.app, []);
    expect((await twoStep({ enabled: false, current_password: s.password }, await signIn(t.app, mail, s.email, s.password))).statusCode).toBe(403);
  });

  it('sends a new code for an open two-step sign-in; the old code and token stop working', async () => {
    const s = await createStaff(t.app, []);
    const before = mail.messages.length;
    const { session_token } = (await post('/v2/authentication/login', { email: s.email, password: s.password })).json().data;
    const first = MailCatcher.code(await mail.waitFor(s.email, /sign-in code/, before));
    const afterFirst = mail.messages.length;
    const resent = await post('/v2/authentication/resend-code', { session_token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toEqual({ session_token: expect.any(String), message: authMessages.codeResent });
    const next = resent.json().data.session_token;
    expect(next).not.toBe(session_token);
    const second = MailCatcher.code(await mail.waitFor(s.email, /sign-in code/, afterFirst));
    expect((await post('/v2/authentication/confirm', { session_token, code: first })).statusCode).toBe(422);
    expect((await post('/v2/authentication/resend-code', { session_token })).json().error_code).toBe('code_invalid');
    const ok = await post('/v2/authentication/confirm', { session_token: next, code: second });
    expect(ok.statusCode).toBe(200);
    // Once used, no more codes for it.
    expect((await post('/v2/authentication/resend-code', { session_token: next })).statusCode).toBe(422);
  });

  it('slows down guessing one account but never locks its owner out', async () => {
    const a = await createAffiliate(t.app);
    // The owner signed in from home before.
    expect((await post('/v2/authentication/login', { email: a.email, password: a.password }, {}, '10.9.1.1')).statusCode).toBe(200);
    // Someone who knows the email guesses from many addresses.
    for (let i = 0; i < 5; i++) {
      const r = await post('/v2/authentication/login', { email: a.email, password: `wrong-${i}` }, {}, `10.9.0.${i + 1}`);
      expect(r.statusCode).toBe(401);
    }
    const timed = async (ip: string, password: string) => {
      const started = performance.now();
      const res = await post('/v2/authentication/login', { email: a.email, password }, {}, ip);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    // Each further guess waits longer: 1 s, then 2 s.
    const sixth = await timed('10.9.0.6', 'wrong-6');
    expect(sixth.status).toBe(401);
    expect(sixth.ms).toBeGreaterThanOrEqual(950);
    // The owner on a new address is slowed too, but gets in.
    const fromNew = await timed('10.9.0.99', a.password);
    expect(fromNew.status).toBe(200);
    expect(fromNew.ms).toBeGreaterThanOrEqual(1900);
    // From the known address there is no wait at all, however many guesses came before.
    for (let i = 0; i < 5; i++) await post('/v2/authentication/login', { email: a.email, password: `again-${i}` }, {}, `10.9.2.${i + 1}`);
    const fromHome = await timed('10.9.1.1', a.password);
    expect(fromHome.status).toBe(200);
    expect(fromHome.ms).toBeLessThan(900);
  });

  it('limits failed attempts per address', async () => {
    for (let i = 0; i < 20; i++) {
      await post('/v2/authentication/login', { email: uniqueEmail('spray'), password: 'whatever-1' }, {}, '10.8.0.1');
    }
    const limited = await post('/v2/authentication/login', { email: uniqueEmail('spray'), password: 'whatever-1' }, {}, '10.8.0.1');
    expect(limited.statusCode).toBe(429);
    const elsewhere = await post('/v2/authentication/login', { email: uniqueEmail('spray'), password: 'whatever-1' }, {}, '10.8.0.2');
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('tokens and sessions', () => {
  it('rotates the refresh token and revokes the family when a rotated one is reused', async () => {
    const a = await createAffiliate(t.app);
    const first = await signIn(t.app, mail, a.email, a.password);
    const r1 = await post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await profile(second)).statusCode).toBe(200);

    // Past the grace interval for repeats (docs/auth.md), a rotated token is a leaked one.
    await t.app.db.execute(sql`update refresh_tokens set used_at = used_at - interval '11 seconds' where used_at is not null and session_id in (select id from sessions where user_id = ${a.id})`);
    const reuse = await post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error_code).toBe('refresh_token_invalid');
    // The whole family is gone: the newest refresh token and the access token stop working.
    expect((await post('/v1/clients/web/admin/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    const logged = await t.app.db.select().from(events).where(and(eq(events.type, 'session.refresh_reuse'), eq(events.subjectId, a.id)));
    expect(logged).toHaveLength(1);
  });

  it('answers the same token sent several times at once with one same new pair, and the session lives on', async () => {
    const a = await createAffiliate(t.app);
    const first = await signIn(t.app, mail, a.email, a.password);
    const replies = await Promise.all(Array.from({ length: 6 }, () => post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const pairs = replies.map((r) => r.json().data);
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    expect(pairs[0].refresh_token).not.toBe(first.refresh_token);
    // A retry a moment later (the reply was lost) gets it again.
    expect((await post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token })).json().data).toEqual(pairs[0]);
    expect((await profile(pairs[0])).statusCode).toBe(200);
    const next = await post('/v1/clients/web/admin/refresh', { refresh_token: pairs[0].refresh_token });
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json().data)).statusCode).toBe(200);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, a.id));
    expect(session!.revokedAt).toBeNull();
    expect(await t.app.db.select().from(events).where(and(eq(events.type, 'session.refresh_reuse'), eq(events.subjectId, a.id)))).toEqual([]);
  });

  it('revokes on a repeat once the new pair has been used, even within the grace interval', async () => {
    const a = await createAffiliate(t.app);
    const first = await signIn(t.app, mail, a.email, a.password);
    const second = (await post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token })).json().data;
    const third = (await post('/v1/clients/web/admin/refresh', { refresh_token: second.refresh_token })).json().data;
    const repeat = await post('/v1/clients/web/admin/refresh', { refresh_token: first.refresh_token });
    expect(repeat.statusCode).toBe(401);
    expect((await profile(third)).statusCode).toBe(401);
  });

  it('refuses an expired access token, a forged one and a wrong algorithm', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, a.id));
    const expired = await signAccessToken(t.config.jwtSecret, { sub: String(a.id), sid: session!.id, imp: false }, 60, Date.now() - 3600_000);
    expect((await profile({ access_token: expired })).statusCode).toBe(401);
    const forged = await signAccessToken('another-secret-that-is-long-enough-123456', { sub: String(a.id), sid: session!.id, imp: false }, 600);
    expect((await profile({ access_token: forged })).statusCode).toBe(401);
    const [h, p] = tokens.access_token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect(h).toBeTruthy();
    expect((await profile({ access_token: none })).statusCode).toBe(401);
    expect((await profile(tokens)).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const out = await post('/v1/authentication/logout', { refresh_token: tokens.refresh_token }, bearer(tokens));
    expect(out.statusCode).toBe(200);
    expect((await profile(tokens)).statusCode).toBe(401);
    expect((await post('/v1/clients/web/admin/refresh', { refresh_token: tokens.refresh_token })).statusCode).toBe(401);
  });

  it('changing the password ends every other session and keeps this one signed in', async () => {
    const a = await createAffiliate(t.app);
    const other = await signIn(t.app, mail, a.email, a.password);
    const current = await signIn(t.app, mail, a.email, a.password);
    const wrong = await post('/v1/user/password', { current_password: 'nope-nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, bearer(current));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([authMessages.currentPasswordWrong]);
    const res = await post('/v1/user/password', { current_password: a.password, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, bearer(current));
    expect(res.statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(current)).statusCode).toBe(401);
    expect((await profile(res.json().data)).statusCode).toBe(200);
    expect((await post('/v2/authentication/login', { email: a.email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown and known emails and emails a link only to real accounts', async () => {
    const a = await createAffiliate(t.app);
    const before = mail.messages.length;
    const unknown = await post('/v1/password/forgot', { email: uniqueEmail('ghost') });
    const known = await post('/v1/password/forgot', { email: a.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await mail.waitFor(a.email, /Reset your password/, before);
    expect(mail.messages.slice(before)).toHaveLength(1);
  });

  it('resets once with the token and ends every session', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const before = mail.messages.length;
    await post('/v1/password/forgot', { email: a.email });
    const token = MailCatcher.link(await mail.waitFor(a.email, /Reset/, before), '/password-reset').searchParams.get('token');
    const mismatch = await post('/v1/password/reset', { token, password: 'reset-pass-1', password_confirmation: 'reset-pass-2' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Password mismatch']);
    const ok = await post('/v1/password/reset', { token, password: 'reset-pass-1', password_confirmation: 'reset-pass-1' });
    expect(ok.statusCode).toBe(200);
    expect((await profile(tokens)).statusCode).toBe(401);
    const twice = await post('/v1/password/reset', { token, password: 'reset-pass-3', password_confirmation: 'reset-pass-3' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error_code).toBe('token_invalid');
    expect((await post('/v2/authentication/login', { email: a.email, password: 'reset-pass-1' })).statusCode).toBe(200);
    expect((await post('/v2/authentication/login', { email: a.email, password: 'reset-pass-3' })).statusCode).toBe(401);
  });

  it('limits reset-link requests per account', async () => {
    const a = await createAffiliate(t.app);
    for (let i = 0; i < 3; i++) expect((await post('/v1/password/forgot', { email: a.email }, {}, `10.7.0.${i}`)).statusCode).toBe(200);
    const limited = await post('/v1/password/forgot', { email: a.email }, {}, '10.7.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('login by code and login as', () => {
  it('signs in once with a login code; an inactive account gets user_inactive', async () => {
    const { createLoginCode } = await import('../src/modules/auth/login-codes.ts');
    const a = await createAffiliate(t.app);
    const code = await createLoginCode(t.app.db, a.id);
    const ok = await post('/v1/authentication/login-by-code', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token_type).toBe('Bearer');
    const again = await post('/v1/authentication/login-by-code', { code });
    expect(again.json()).toEqual({ error_code: 'code_invalid', message: 'Code is invalid' });
    const inactive = await createAffiliate(t.app, { active: false });
    const res = await post('/v1/authentication/login-by-code', { code: await createLoginCode(t.app.db, inactive.id) });
    expect(res.json()).toEqual({ error_code: 'user_inactive', message: 'User is inactive' });
  });

  it('refuses login-as to an affiliate and to staff without the affiliates permission', async () => {
    const a = await createAffiliate(t.app);
    const b = await createAffiliate(t.app);
    const aTokens = await signIn(t.app, mail, a.email, a.password);
    const asAffiliate = await post(`/v1/affiliates/${b.id}/login-as`, { reason: 'Support ticket 1' }, bearer(aTokens));
    expect(asAffiliate.statusCode).toBe(403);
    const staff = await createStaff(t.app, ['dashboard', 'offers']);
    const staffTokens = await signIn(t.app, mail, staff.email, staff.password);
    expect((await post(`/v1/affiliates/${b.id}/login-as`, { reason: 'Support ticket 1' }, bearer(staffTokens))).statusCode).toBe(403);
    expect((await post(`/v1/affiliates/${b.id}/login-as`, { reason: 'Support ticket 1' })).statusCode).toBe(401);
  });

  it('opens a marked affiliate session for staff with the affiliates permission and records it', async () => {
    const a = await createAffiliate(t.app);
    const staff = await createStaff(t.app, ['affiliates']);
    const staffTokens = await signIn(t.app, mail, staff.email, staff.password);
    const res = await post(`/v1/affiliates/${a.id}/login-as`, { reason: 'Support ticket 1' }, bearer(staffTokens));
    expect(res.statusCode).toBe(200);
    const { code, expires_in } = res.json().data;
    expect(expires_in).toBeLessThanOrEqual(120);
    const exchanged = await post('/v1/authentication/login-as-user', { code });
    expect(exchanged.statusCode).toBe(200);
    const me = await profile(exchanged.json().data);
    expect(me.json().data).toMatchObject({ id: a.id, impersonated: true, is_client: true });
    expect((await post('/v1/authentication/login-as-user', { code })).statusCode).toBe(422);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.impersonatorId, staff.id));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);
    const logged = await t.app.db.select().from(events).where(and(eq(events.type, 'user.login_as'), eq(events.actorId, staff.id)));
    expect(logged[0]?.subjectId).toBe(a.id);
  });

  it('lists affiliates for staff only', async () => {
    const staff = await createStaff(t.app, ['affiliates']);
    const tokens = await signIn(t.app, mail, staff.email, staff.password);
    const res = await t.app.inject({ method: 'GET', url: '/v1/affiliates?per_page=5', headers: bearer(tokens) });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 1, per_page: 5 });
    expect(res.json().data.every((r: { email: string }) => !r.email.startsWith('staff-'))).toBe(true);
    const a = await createAffiliate(t.app);
    const aTokens = await signIn(t.app, mail, a.email, a.password);
    expect((await t.app.inject({ method: 'GET', url: '/v1/affiliates', headers: bearer(aTokens) })).statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('returns the user with what was included and the issues computed on the server', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const res = await t.app.inject({ method: 'GET', url: '/v1/user/profile?include=assigned_permissions,role,tier,manager,sites,promotion,billing_account', headers: bearer(tokens) });
    expect(res.statusCode).toBe(200);
    const u = res.json().data;
    expect(u).toMatchObject({ id: a.id, email: a.email, is_client: true, role: null, sites: [], manager: null });
    expect(u.assigned_permissions).toEqual(expect.arrayContaining(['dashboard', 'statistics', 'offers']));
    expect(u.assigned_permissions).not.toContain('affiliates');
    expect(u.issues).toEqual({ info: ['user_details_missing'], billing: ['billing_account_incomplete'], legal: ['legal_forms_not_submitted'] });
    expect(u.password_hash).toBeUndefined();
    expect(u.passwordHash).toBeUndefined();

    const upd = await t.app.inject({
      method: 'POST',
      url: '/v1/user/profile',
      headers: bearer(tokens),
      payload: { address: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE', methods: ['website', 'forums'] },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.issues.info).toEqual([]);
    expect(upd.json().data.methods).toEqual(['website', 'forums']);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(tokens), payload: { website: 'not a url' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.website).toEqual(['This field must be a url.']);
  });

  it('shows staff their role and no issues', async () => {
    const staff = await createStaff(t.app, ['settings', 'affiliates']);
    const tokens = await signIn(t.app, mail, staff.email, staff.password);
    const u = (await t.app.inject({ method: 'GET', url: '/v1/user/profile?include=role,assigned_permissions', headers: bearer(tokens) })).json().data;
    expect(u.role.display_name).toBe('Test Role');
    expect(u.assigned_permissions.sort()).toEqual(['affiliates', 'settings']);
    expect(u.issues).toEqual({ info: [], billing: [], legal: [] });
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('unauthenticated');
  });
});
