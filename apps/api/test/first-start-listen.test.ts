import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { clicks, users } from '../src/db/schema/index.ts';
import { readableLogLine } from '../src/lib/readable-log.ts';
import { demoAccounts } from '../src/seed/demo.ts';
import { testConfig } from './helpers.ts';

class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const messages = (log: LogCapture) =>
  log.text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

describe('npm start: the server listens before the demo network is written', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  // The whole demo (90 days of traffic) is written behind the server: slow on a busy two-core machine.
  it('answers /health and signs in with no demo yet, then fills the demo in and says so once', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-listen-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = { ...testConfig({ DEMO_DATA: '1' }), database: { kind: 'pglite' as const, dir }, logLevel: 'info' };
    const log = new LogCapture();
    const app = await buildApp(config, { logStream: log, demoAfterListen: true });
    cleanup.push(() => app.close());
    // Built, not listening: no demo row yet, and the owner already there.
    expect((await app.db.select({ n: count() }).from(users).where(eq(users.email, demoAccounts.affiliate.email)))[0]!.n).toBe(0);
    expect((await app.db.select({ n: count() }).from(users).where(eq(users.email, 'owner@example.com')))[0]!.n).toBe(1);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    // The owner signs in while the demo is still being written.
    const signIn = await fetch(`${base}/v2/authentication/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }) });
    expect(signIn.status).toBe(200);
    expect(messages(log)).not.toContain('Demo data complete.');

    await app.demoReady;
    const said = messages(log);
    expect(said.filter((m) => m === 'Demo data complete.')).toHaveLength(1);
    // The sign-ins and the site keys keep their wording, before the demo is said complete.
    const signIns = said.findIndex((m) => m.startsWith('Demo sign-ins — staff: manager@example.com / demo-manager-2026;') && m.includes('affiliate: affiliate@example.com / demo-affiliate-2026'));
    const keys = said.findIndex((m) => /^Demo site API keys \(.+\): novavr sk_demo_novavr_\w+; holostage sk_demo_holostage_\w+; immersa sk_demo_immersa_\w+$/.test(m));
    expect(signIns).toBeGreaterThan(-1);
    expect(keys).toBeGreaterThan(-1);
    expect(signIns).toBeLessThan(said.indexOf('Demo data complete.'));
    expect((await app.db.select({ n: count() }).from(clicks))[0]!.n).toBeGreaterThan(10_000);
    const demoSignIn = await fetch(`${base}/v2/authentication/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demoAccounts.affiliate.email, password: demoAccounts.affiliate.password }) });
    expect(demoSignIn.status).toBe(200);
  });
});

describe('the start log in a terminal', () => {
  it('shows the time and the message as plain lines, the level only when it is not info, requests and errors readably', () => {
    const at = new Date(2026, 10, 29, 15, 4, 5).getTime();
    expect(readableLogLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'vm', msg: 'Demo sign-ins — staff: a@example.com / p; affiliate: b@example.com / q' }))).toBe(
      '15:04:05 Demo sign-ins — staff: a@example.com / p; affiliate: b@example.com / q\n',
    );
    expect(readableLogLine(JSON.stringify({ level: 30, time: at, msg: 'Affiliate portal ready at http://localhost:3000' }))).toBe('15:04:05 Affiliate portal ready at http://localhost:3000\n');
    expect(readableLogLine(JSON.stringify({ level: 40, time: at, msg: 'ECB exchange rates could not be loaded' }))).toBe('15:04:05 WARN ECB exchange rates could not be loaded\n');
    expect(readableLogLine(JSON.stringify({ level: 30, time: at, req: { method: 'GET', url: '/health' }, msg: 'incoming request' }))).toBe('15:04:05 GET /health incoming request\n');
    expect(readableLogLine(JSON.stringify({ level: 30, time: at, res: { statusCode: 200 }, responseTime: 3.4, msg: 'request completed' }))).toBe('15:04:05 request completed 200 (3 ms)\n');
    expect(readableLogLine(JSON.stringify({ level: 50, time: at, err: { message: 'boom', stack: 'Error: boom\n    at x' }, msg: 'failed' }))).toBe('15:04:05 ERROR failed\nError: boom\n    at x\n');
    expect(readableLogLine('not json')).toBe('not json\n');
  });
});

describe('npm start while the web app is being built', () => {
  it('serves the API at once, a page that reloads itself until the build is in, then the app', { timeout: 120_000 }, async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-pending-'));
    try {
      const config = testConfig({ WEB_DIST: dist, WEB_BUILD_PENDING: '1' });
      expect(config.webDist).toBeUndefined();
      expect(config.webDistPending).toBe(dist);
      const app = await buildApp(config);
      try {
        expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
        const building = await app.inject({ url: '/offers' });
        expect(building.statusCode).toBe(503);
        expect(building.body).toContain('The web app is being built');
        expect(building.body).toContain('http-equiv="refresh"');
        // The home page too (a directory of the build, which the files' route would refuse).
        const homeBuilding = await app.inject({ url: '/?tab=programs' });
        expect(homeBuilding.statusCode).toBe(503);
        expect(homeBuilding.body).toContain('The web app is being built');
        // An API address is never the building page.
        expect((await app.inject({ url: '/v1/nothing-here' })).statusCode).toBe(404);

        writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title><meta name="description" content="" /></head><body><div id="root"></div></body></html>');
        writeFileSync(join(dist, 'app.js'), 'console.log(1)');
        const page = await app.inject({ url: '/offers' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root"></div>');
        const home = await app.inject({ url: '/' });
        expect(home.statusCode).toBe(200);
        expect(home.body).toContain('<div id="root"></div>');
        const asset = await app.inject({ url: '/app.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.body).toBe('console.log(1)');
        expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
