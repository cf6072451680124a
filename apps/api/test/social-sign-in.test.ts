import { createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { freePort } from './support/processes.ts';
import { bearer, createAffiliate } from './support/users.ts';

/** People known to the local OpenID Connect provider, by account id. */
const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
  'new-person': { email: 'new.person@example.com', email_verified: true, name: 'New Person' },
  'terms-person': { email: 'terms.person@example.com', email_verified: true, name: 'Terms Person' },
  'existing-person': { email: '', email_verified: true, name: 'Existing Person' },
  'unverified-person': { email: 'unverified@example.com', email_verified: false, name: 'Unverified Person' },
};

let t: TestApp;
let issuer: string;
let providerServer: ReturnType<typeof createServer>;
const mail = new MailCatcher();

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'portal', client_secret: 'portal-secret', redirect_uris: ['http://portal.test/v1/auth/social/google/callback'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const a = accounts[id];
      return a ? { accountId: id, claims: () => ({ sub: id, ...a }) } : undefined;
    },
  });
  providerServer = createServer(provider.callback());
  await new Promise<void>((resolve) => providerServer.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({
    SMTP_URL: await mail.start(),
    PUBLIC_URL: 'http://portal.test',
    GOOGLE_CLIENT_ID: 'portal',
    GOOGLE_CLIENT_SECRET: 'portal-secret',
    GOOGLE_ISSUER: issuer,
  });
});

afterAll(async () => {
  await t.close();
  await mail.stop();
  providerServer.close();
});

/**
 * Runs the whole browser side of a sign-in: our redirect, the provider's login and consent pages
 * (its development interactions), and back to our callback. Answers where the callback sends the person.
 */
async function signInWithGoogle(accountId: string, opts: { dropStateCookie?: boolean; acceptTerms?: boolean } = {}): Promise<URL> {
  const start = await t.app.inject({ method: 'GET', url: `/v1/auth/social/google/redirect${opts.acceptTerms ? '?accept_terms=1' : ''}` });
  expect(start.statusCode).toBe(302);
  const ourCookie = String(start.headers['set-cookie']).split(';')[0]!;
  const jar = new Map<string, string>();
  let url = new URL(String(start.headers.location));
  expect(url.origin).toBe(issuer);

  for (let hops = 0; hops < 20; hops++) {
    if (url.origin === 'http://portal.test') break;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let res = await fetch(url, { redirect: 'manual', headers: { cookie } });
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const page = await res.text();
      const body = page.includes('name="prompt" value="consent"')
        ? new URLSearchParams({ prompt: 'consent' })
        : new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' });
      res = await fetch(url, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body });
    }
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  expect(url.pathname).toBe('/v1/auth/social/google/callback');
  const back = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: opts.dropStateCookie ? {} : { cookie: ourCookie },
  });
  expect(back.statusCode).toBe(302);
  return new URL(String(back.headers.location));
}

describe('social sign-in through a local OpenID Connect provider', () => {
  it('lists the configured provider for the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.json().data.social_providers).toEqual(['google']);
    const facebook = await t.app.inject({ method: 'GET', url: '/v1/auth/social/facebook/redirect' });
    expect(facebook.statusCode).toBe(404);
  });

  it('makes a new person an inactive affiliate who activates by email, then signs them in', async () => {
    const before = mail.messages.length;
    const first = await signInWithGoogle('new-person');
    expect(first.pathname).toBe('/signin');
    expect(first.searchParams.get('social')).toBe('activation_sent');
    const [created] = await t.app.db.select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(created).toMatchObject({ isClient: true, isActive: false, passwordHash: null });

    const token = MailCatcher.link(await mail.waitFor('new.person@example.com', /Activate/, before), '/activate-account').searchParams.get('token');
    expect((await t.app.inject({ method: 'POST', url: '/v1/account/activate', payload: { token } })).statusCode).toBe(200);

    const second = await signInWithGoogle('new-person');
    const code = second.searchParams.get('lbc');
    expect(code).toBeTruthy();
    const tokens = await t.app.inject({ method: 'POST', url: '/v1/authentication/login-by-code', payload: { code } });
    expect(tokens.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(tokens.json().data) });
    expect(me.json().data).toMatchObject({ id: created!.id, email: 'new.person@example.com' });
    // Started from Log In, where no box asks for the Terms of Service: asked now, after sign-in.
    expect(me.json().data).toMatchObject({ terms_accepted_version: null, must_accept_terms: true });
    expect(await t.app.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, created!.id))).toHaveLength(0);
  });

  it('records the Terms of Service ticked on Sign Up for a person the provider brings', async () => {
    const back = await signInWithGoogle('terms-person', { acceptTerms: true });
    expect(back.searchParams.get('social')).toBe('activation_sent');
    const [created] = await t.app.db.select().from(users).where(eq(users.email, 'terms.person@example.com'));
    const rows = await t.app.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, created!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'social_sign_up' });
  });

  it('matches an existing account by its verified email', async () => {
    const existing = await createAffiliate(t.app, { email: 'existing.person@example.com' });
    accounts['existing-person']!.email = existing.email;
    const back = await signInWithGoogle('existing-person');
    const code = back.searchParams.get('lbc');
    const tokens = (await t.app.inject({ method: 'POST', url: '/v1/authentication/login-by-code', payload: { code } })).json().data;
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(tokens) });
    expect(me.json().data.id).toBe(existing.id);
  });

  it('refuses an unverified email and a callback from another browser', async () => {
    const unverified = await signInWithGoogle('unverified-person');
    expect(unverified.searchParams.get('social_error')).toMatch(/verified email/);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toHaveLength(0);
    const stolen = await signInWithGoogle('new-person', { dropStateCookie: true });
    expect(stolen.searchParams.get('social_error')).toMatch(/expired/);
    expect(stolen.searchParams.get('lbc')).toBeNull();
  });
});
