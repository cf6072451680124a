import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { redactLogLine } from '../src/lib/log-redaction.ts';
import type { AppConfig } from '../src/config.ts';
import { sites } from '../src/db/schema/index.ts';
import { newSiteKey } from '../src/modules/sites/keys.ts';
import { freshDatabase, testConfig } from './helpers.ts';
import { createAffiliate } from './support/users.ts';

let app: FastifyInstance;
let config: AppConfig;
let drop: () => Promise<void>;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  const db = await freshDatabase();
  drop = db.drop;
  // No SMTP: every email goes to the outbox and is noted in the log, the way a demo runs.
  config = { ...testConfig({ LOG_LEVEL: 'info', PUBLIC_URL: 'http://portal.test' }), database: db.config };
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp(config, { logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(config.dataDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('never holds a site key, a bearer token, a cookie or the token of an emailed link', async () => {
    const key = newSiteKey();
    await app.db.insert(sites).values({ name: 'logsite', displayName: 'Log site', url: 'https://logsite.example', apiKeyHash: key.hash, apiKeyPrefix: key.prefix });
    const byUrl = await app.inject({ method: 'GET', url: `/v1/conversions?key=${key.key}&type=sale&amount=1.00&transaction_id=t1` });
    expect(byUrl.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/v1/conversions', headers: { authorization: `Bearer ${key.key}`, cookie: 'portal_session=cookie-secret-value' }, payload: { type: 'sale', amount: '1.00', transaction_id: 't2' } });
    await app.inject({ method: 'GET', url: '/password-reset?token=reset-secret-from-address' });
    await app.inject({ method: 'GET', url: '/?login_as=1&token_type=Bearer&access_token=access-secret-value&refresh_token=refresh-secret-value' });
    await app.inject({ method: 'GET', url: '/?lac=login-code-secret' });

    const affiliate = await createAffiliate(app);
    expect((await app.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: affiliate.email } })).statusCode).toBe(200);
    const outbox = join(config.dataDir, 'outbox');
    const eml = readFileSync(join(outbox, readdirSync(outbox).find((f) => f.includes('reset'))!), 'utf8').replace(/=\r?\n/g, '');
    const resetToken = /password-reset\?token=3D([A-Za-z0-9_-]+)|password-reset\?token=([A-Za-z0-9_-]+)/.exec(eml)!.slice(1).find(Boolean)!;
    expect(resetToken.length).toBeGreaterThan(10);

    const text = log();
    for (const secret of [key.key, 'cookie-secret-value', 'reset-secret-from-address', 'access-secret-value', 'refresh-secret-value', 'login-code-secret', resetToken]) {
      expect(text).not.toContain(secret);
    }
    // The lines are still there, with the secret replaced.
    expect(text).toContain('/v1/conversions?key=[redacted]&type=sale');
    expect(text).toContain('/password-reset?token=[redacted]');
    expect(text).toMatch(/Email .*password-reset\?token=\[redacted\]/);
  });

  it('never holds a feed key, the usual credential parameters or an unsubscribe signature', async () => {
    const affiliate = await createAffiliate(app);
    const login = await app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: affiliate.email, password: affiliate.password } });
    const made = await app.inject({ method: 'POST', url: '/v1/creatives/feeds', headers: { authorization: `Bearer ${login.json().data.access_token}` } });
    expect(made.statusCode).toBeLessThan(300);
    const feedKey = made.json().data.key as string;
    expect((await app.inject({ method: 'GET', url: `/feeds/${feedKey}/scenes.json` })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/feeds/${feedKey}/models.xml?limit=5` });
    const params = { api_token: 'api-token-secret', apikey: 'apikey-secret', auth: 'auth-secret', jwt: 'jwt-secret', secret: 'secret-secret' };
    await app.inject({ method: 'GET', url: `/v1/config?${new URLSearchParams(params)}` });
    await app.inject({ method: 'GET', url: '/v1/email/unsubscribe?u=1&k=news&s=unsubscribe-signature-secret' });

    const text = log();
    for (const secret of [feedKey, ...Object.values(params), 'unsubscribe-signature-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('/feeds/[redacted]/scenes.json');
    expect(text).toContain('/v1/config?api_token=[redacted]&apikey=[redacted]&auth=[redacted]&jwt=[redacted]&secret=[redacted]');
    expect(text).toContain('/v1/email/unsubscribe?u=1&k=news&s=[redacted]');
  });

  it('never holds a card number: card-named parameters redacted, card numbers anywhere in a URL masked', async () => {
    const cards = {
      ccnum: '4111111111111111',
      qpan: '5500000000000004',
      card_number: '340000000000009',
      cvv: '123',
    };
    await app.inject({ method: 'GET', url: `/v1/config?${new URLSearchParams(cards)}` });
    // Not named as a card: a card number in another parameter, spaced, dotted, dashed, full-width.
    for (const value of ['paid with 4111 1111 1111 1111', '4111.1111.1111.1111', 'x-5500-0000-0000-0004-y', '４１１１１１１１１１１１１１１１']) {
      await app.inject({ method: 'GET', url: `/v1/config?comment=${encodeURIComponent(value)}&c4=${value.replace(/ /g, '+')}` });
    }
    const text = log();
    expect(text).toContain('/v1/config?ccnum=[redacted]&qpan=[redacted]&card_number=[redacted]&cvv=[redacted]');
    for (const digits of ['4111111111111111', '5500000000000004', '340000000000009', '4111 1111 1111 1111', '4111+1111+1111+1111', '4111.1111.1111.1111', '5500-0000-0000-0004', '４１１１１１１１１１１１１１１１', '%EF%BC%94%EF%BC%91'])
      expect(text).not.toContain(digits);
    expect(text).toContain('c4=************1111');
    // The line's own time (epoch milliseconds, 13 digits) is kept.
    expect(lines.every((line) => /"time":\d{13}/.test(line))).toBe(true);
  });

  it('keeps every line JSON: a response time whose digits would pass as a card is a number, a card in it is still masked', () => {
    // 13307142857142858 passes Luhn's check: as a fraction after a key it is a time, not a card.
    const line = '{"level":30,"time":1795983730167,"url":"/t/x?c4=4111.1111.1111.1111","responseTime":1330.7142857142858,"msg":"request completed"}';
    const out = redactLogLine(line);
    const parsed = JSON.parse(out) as { responseTime: number; url: string };
    expect(parsed.responseTime).toBe(1330.7142857142858);
    expect(parsed.url).not.toContain('4111.1111.1111.1111');
    expect(parsed.url).toContain('1111');
  });

  it('never holds a two-step sign-in code written to the outbox', async () => {
    const before = lines.length;
    const login = await app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: 'owner@example.com', password: 'owner-password-1' } });
    expect(login.json().data.session_token).toBeTruthy();
    const code = codeFromOutbox(config.dataDir);
    const text = lines.slice(before).join('');
    expect(text).toContain('Your sign-in code: [redacted]');
    expect(text).not.toContain(`code: ${code}`);
    expect(text).not.toContain(`code-${code}`);
    // The code in the outbox is the real one.
    const confirm = await app.inject({ method: 'POST', url: '/v2/authentication/confirm', payload: { session_token: login.json().data.session_token, code } });
    expect(confirm.statusCode).toBe(200);
  });
});

/** The newest two-step code in the outbox. */
function codeFromOutbox(dataDir: string): string {
  const outbox = join(dataDir, 'outbox');
  const file = readdirSync(outbox).filter((f) => f.includes('sign-in-code')).sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]) || Number(b.split('-')[1]) - Number(a.split('-')[1]))[0]!;
  return /sign-in code: (\d{6})/.exec(readFileSync(join(outbox, file), 'utf8'))![1]!;
}

describe('the log when SMTP fails', () => {
  it('never holds the two-step sign-in code of the message it keeps', async () => {
    const db = await freshDatabase();
    const failing = { ...testConfig({ LOG_LEVEL: 'info', SMTP_URL: 'smtp://127.0.0.1:9' }), database: db.config };
    const own: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        own.push(chunk.toString('utf8'));
        done();
      },
    });
    const other = await buildApp(failing, { logStream: stream });
    try {
      await other.ready();
      const login = await other.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: 'owner@example.com', password: 'owner-password-1' } });
      expect(login.statusCode).toBe(200);
      const code = codeFromOutbox(failing.dataDir);
      const text = own.join('');
      expect(text).toContain('SMTP delivery failed');
      expect(text).toContain('Your sign-in code: [redacted]');
      expect(text).not.toContain(`code: ${code}`);
      expect(text).not.toContain(`code-${code}`);
    } finally {
      await other.close();
      await db.drop();
      rmSync(failing.dataDir, { recursive: true, force: true });
    }
  });
});
