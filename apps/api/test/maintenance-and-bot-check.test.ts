import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

describe('maintenance mode', () => {
  let t: TestApp;
  const mail = new MailCatcher();
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('answers every API call with 503 except health, config and staff, who can turn it off', async () => {
    const staff = await createStaff(t.app, ['settings']);
    const plainStaff = await createStaff(t.app, ['dashboard']);
    const affiliate = await createAffiliate(t.app);
    const staffTokens = await signIn(t.app, mail, staff.email, staff.password);
    const affiliateTokens = await signIn(t.app, mail, affiliate.email, affiliate.password);

    const on = await t.app.inject({ method: 'PUT', url: '/v1/settings/maintenance', headers: bearer(staffTokens), payload: { enabled: true } });
    expect(on.statusCode).toBe(200);

    const blocked = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(affiliateTokens) });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({ error_code: 'system_is_under_maintenance', message: 'The site is under maintenance. Please try again later.' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: affiliate.email } });
    expect(anonymous.json().error_code).toBe('system_is_under_maintenance');
    const affiliateLogin = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: affiliate.email, password: affiliate.password } });
    expect(affiliateLogin.statusCode).toBe(503);
    expect(affiliateLogin.json().error_code).toBe('system_is_under_maintenance');

    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const config = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(config.json().data.maintenance).toBe(true);

    // Staff still sign in (two-step included) and reach the API.
    const otherStaff = await signIn(t.app, mail, plainStaff.email, plainStaff.password);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(otherStaff) })).statusCode).toBe(200);
    // Only staff with the settings permission may turn it off.
    expect((await t.app.inject({ method: 'PUT', url: '/v1/settings/maintenance', headers: bearer(otherStaff), payload: { enabled: false } })).statusCode).toBe(403);

    const off = await t.app.inject({ method: 'PUT', url: '/v1/settings/maintenance', headers: bearer(staffTokens), payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(affiliateTokens) })).statusCode).toBe(200);
  });
});

describe('bot check', () => {
  let t: TestApp;
  let verifier: Server;
  const seen: string[] = [];

  beforeAll(async () => {
    // A local stand-in for the provider's siteverify endpoint: "good-token" passes.
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get('secret')}:${form.get('response')}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('secret') === 'bot-secret' && form.get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    t = await createTestApp({ CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'bot-secret', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` });
  });
  afterAll(async () => {
    await t.close();
    verifier.close();
  });

  it('publishes the site key to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.json().data.captcha).toEqual({ provider: 'turnstile', site_key: 'site-key-1' });
    const page = await t.app.inject({ method: 'GET', url: '/health' });
    expect(page.headers['content-security-policy']).toContain('https://challenges.cloudflare.com');
  });

  it('refuses sign-in, sign-up and forgot-password without a passing token', async () => {
    const a = await createAffiliate(t.app);
    const missing = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: a.email, password: a.password } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error_code).toBe('captcha_failed');
    const bad = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: a.email, password: a.password, captcha_token: 'bad' } });
    expect(bad.json().error_code).toBe('captcha_failed');
    const good = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: a.email, password: a.password, captcha_token: 'good-token' } });
    expect(good.statusCode).toBe(200);
    expect(seen).toContain('bot-secret:good-token');

    const signup = await t.app.inject({ method: 'POST', url: '/v1/register', payload: { first_name: 'Bot', email: 'bot@example.com', password: 'password-1', password_confirmation: 'password-1', accept_terms: true } });
    expect(signup.json().error_code).toBe('captcha_failed');
    const forgot = await t.app.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: a.email } });
    expect(forgot.json().error_code).toBe('captcha_failed');
  });
});
