import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string; refresh_token: string };
let t: TestApp;
const mail = new MailCatcher();
let alice: { id: number; email: string; password: string };
let aliceTokens: Tokens;
let bobTokens: Tokens;
let staffTokens: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  alice = await createAffiliate(t.app);
  const bob = await createAffiliate(t.app);
  const staff = await createStaff(t.app, ['affiliates', 'statistics', 'offers', 'payouts']);
  [aliceTokens, bobTokens, staffTokens] = await Promise.all([
    signIn(t.app, mail, alice.email, alice.password),
    signIn(t.app, mail, bob.email, bob.password),
    signIn(t.app, mail, staff.email, staff.password),
  ]);
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, auth?: { access_token: string }, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth ? bearer(auth) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const token = (value: string) => ({ access_token: value });

async function createToken(who: Tokens, scopes: string[], name = 'Script') {
  const res = await call('POST', '/v1/user/api-tokens', who, { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; token: string; prefix: string };
}

describe('personal API tokens', () => {
  it('need a signed-in affiliate to list or create, with a name and known scopes', async () => {
    expect((await call('GET', '/v1/user/api-tokens')).statusCode).toBe(401);
    expect((await call('POST', '/v1/user/api-tokens', undefined, { name: 'x', scopes: ['statistics:read'] })).statusCode).toBe(401);
    expect((await call('GET', '/v1/user/api-tokens', staffTokens)).statusCode).toBe(403);
    const blank = await call('POST', '/v1/user/api-tokens', aliceTokens, { name: ' ', scopes: [] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ name: ['This field is required'], scopes: ['This field is required'] });
    const unknown = await call('POST', '/v1/user/api-tokens', aliceTokens, { name: 'x', scopes: ['settings:write'] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.values(unknown.json().errors).flat()).toEqual(['This field is invalid']);
  });

  it('are shown once, kept hashed, listed with their last use, and read statistics with the right scope', async () => {
    const created = await createToken(aliceTokens, ['statistics:read']);
    expect(created.token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const [stored] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const listed = (await call('GET', '/v1/user/api-tokens', aliceTokens)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'Script', scopes: ['statistics:read'], last_used_at: null })]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const stats = await call('GET', '/v1/statistics/daily?from=2026-11-01&to=2026-11-30', token(created.token));
    expect(stats.statusCode).toBe(200);
    expect((await call('GET', '/v1/dashboard', token(created.token))).statusCode).toBe(200);
    const after = (await call('GET', '/v1/user/api-tokens', aliceTokens)).json().data[0];
    expect(after.last_used_at).not.toBeNull();
    // Bob sees none of Alice's tokens.
    expect((await call('GET', '/v1/user/api-tokens', bobTokens)).json().data).toEqual([]);
  });

  it('get 403 on an affiliate route of another scope, and are refused on staff, password and token routes', async () => {
    const { token: value } = await createToken(aliceTokens, ['statistics:read']);
    const wrongScope = await call('GET', '/v1/offers', token(value));
    expect(wrongScope.statusCode).toBe(403);
    expect(wrongScope.json().message).toBe('This API token does not have the scope this needs.');
    expect((await call('GET', '/v1/postbacks', token(value))).statusCode).toBe(403);
    expect((await call('GET', '/v1/balance', token(value))).statusCode).toBe(403);

    const refused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/v1/affiliates', undefined],
      ['PUT', '/v1/settings/maintenance', { enabled: true }],
      ['POST', '/v1/user/password', { current_password: alice.password, password: 'another-pass-1', password_confirmation: 'another-pass-1' }],
      ['GET', '/v1/user/api-tokens', undefined],
      ['POST', '/v1/user/api-tokens', { name: 'more', scopes: ['statistics:read'] }],
      ['GET', '/v1/user/profile', undefined],
      ['GET', '/v1/user/sessions', undefined],
      ['POST', '/v1/authentication/logout', {}],
    ] as const) {
      const res = await call(method, url, token(value), body);
      if (res.statusCode !== 403 || res.json().message !== 'A personal API token cannot be used here. Sign in to do this.') refused.push(`${method} ${url} ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
    // The password still signs in: the token changed nothing.
    expect((await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: alice.email, password: alice.password } })).statusCode).toBe(200);
  });

  it('work with every scope on its own routes', async () => {
    const { token: value } = await createToken(aliceTokens, ['offers:read', 'payouts:read', 'postbacks:write']);
    const urls = ['/v1/offers', '/v1/sites', '/v1/landing-pages', '/v1/balance', '/v1/payouts', '/v1/postbacks'];
    const answers = await Promise.all(urls.map(async (url) => `${url} ${(await call('GET', url, token(value))).statusCode}`));
    expect(answers).toEqual(urls.map((url) => `${url} 200`));
    expect((await call('GET', '/v1/statistics/daily?from=2026-11-01&to=2026-11-30', token(value))).statusCode).toBe(403);
  });

  it('stop working once revoked; another affiliate cannot revoke them (404)', async () => {
    const created = await createToken(aliceTokens, ['statistics:read']);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`, bobTokens)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`, staffTokens)).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`, token(created.token))).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`, aliceTokens)).statusCode).toBe(200);
    expect((await call('GET', '/v1/statistics/daily?from=2026-11-01&to=2026-11-30', token(created.token))).statusCode).toBe(401);
    expect((await call('GET', '/v1/user/api-tokens', aliceTokens)).json().data.map((r: { id: number }) => r.id)).not.toContain(created.id);
    expect((await call('DELETE', `/v1/user/api-tokens/${created.id}`, aliceTokens)).statusCode).toBe(404);
  });

  it('stop working when the affiliate is deactivated', async () => {
    const carol = await createAffiliate(t.app);
    const carolTokens = await signIn(t.app, mail, carol.email, carol.password);
    const { token: value } = await createToken(carolTokens, ['statistics:read']);
    await t.app.db.execute(`update users set is_active = false where id = ${carol.id}`);
    expect((await call('GET', '/v1/statistics/daily?from=2026-11-01&to=2026-11-30', token(value))).statusCode).toBe(401);
  });

  it('are described in the API document: the scheme, and the scope each affiliate route takes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Authorization: Bearer pat_');
    expect(doc.paths['/v1/statistics/daily'].get.security).toEqual([{ bearer: [] }, { apiToken: ['statistics:read'] }]);
    expect(doc.paths['/v1/postbacks'].post.security).toEqual([{ bearer: [] }, { apiToken: ['postbacks:write'] }]);
    expect(doc.paths['/v1/user/password'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/v1/user/api-tokens'].post.security).toEqual([{ bearer: [] }]);
  });
});

describe('sessions', () => {
  it('list the signed-in sessions with device, place and last seen, the current one marked', async () => {
    expect((await call('GET', '/v1/user/sessions')).statusCode).toBe(401);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/v2/authentication/login',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' },
      payload: { email: alice.email, password: alice.password },
    });
    expect(phone.statusCode).toBe(200);
    const list = (await call('GET', '/v1/user/sessions', aliceTokens)).json().data as Array<{ id: string; device: string; place: string; current: boolean; last_seen_at: string }>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toContain('Mobile Safari 17 on Apple iPhone');
    expect(list.every((s) => s.place && s.last_seen_at)).toBe(true);
  });

  it('revoke one (their own only) and all others, keeping the current one', async () => {
    const second = await signIn(t.app, mail, alice.email, alice.password);
    const list = (await call('GET', '/v1/user/sessions', aliceTokens)).json().data as Array<{ id: string; current: boolean }>;
    const secondId = JSON.parse(Buffer.from(second.access_token.split('.')[1]!, 'base64url').toString()).sid;
    const other = list.find((s) => !s.current && s.id !== secondId)!;
    expect((await call('DELETE', `/v1/user/sessions/${other.id}`, bobTokens)).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/user/sessions/not-a-uuid', aliceTokens)).statusCode).toBe(422);
    expect((await call('DELETE', `/v1/user/sessions/${other.id}`, aliceTokens)).statusCode).toBe(200);
    expect((await call('GET', '/v1/user/sessions', aliceTokens)).json().data.map((s: { id: string }) => s.id)).not.toContain(other.id);

    expect((await call('GET', '/v1/user/profile', second)).statusCode).toBe(200);
    expect((await call('DELETE', '/v1/user/sessions', aliceTokens)).statusCode).toBe(200);
    expect((await call('GET', '/v1/user/profile', second)).statusCode).toBe(401);
    expect((await call('GET', '/v1/user/profile', aliceTokens)).statusCode).toBe(200);
    expect((await call('GET', '/v1/user/sessions', aliceTokens)).json().data).toHaveLength(1);
  });

  it('are there for staff too', async () => {
    expect((await call('GET', '/v1/user/sessions', staffTokens)).json().data.some((s: { current: boolean }) => s.current)).toBe(true);
  });
});
