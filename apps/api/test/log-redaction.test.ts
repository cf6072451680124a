import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
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
});
