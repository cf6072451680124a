/**
 * The database fails under load: a primary with a synchronous standby started here, two instances
 * behind HAProxy whose DATABASE_URL names both hosts. The primary is stopped for 30 seconds and
 * comes back (one instance killed with SIGKILL meanwhile, its spool kept on disk); then it is
 * killed with SIGKILL and the standby promoted. Each time: redirects answered throughout, every
 * acknowledged click and conversion stored once, rollups equal to the rows, writes back within
 * 10 seconds. The figures are printed.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessages } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SPOOL_DIR } from '../src/modules/clicks/spool.ts';
import { loadedTestConfig } from './helpers.ts';
import { type Acknowledged, after, clickOnce, type LoadTarget, loadUntil } from './support/click-load.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { canStartNodes, type PgPair, startPair } from './support/pg-nodes.ts';
import { killServer, type ServerProcess, startHaproxy, startServer, stopServer } from './support/processes.ts';
import { checkStored, trackingSetup } from './support/stored-once.ts';
import { trackingLink } from './support/tracking.ts';
import { bearer, signIn } from './support/users.ts';
import { putSetting } from '../src/modules/settings/service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

/** Polls until `check` holds; answers the milliseconds it took. */
async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await after(25);
  }
  return Date.now() - started;
}

/** Posts a conversion straight to one instance every 50 ms until one is stored; answers the milliseconds it took. */
async function firstWrite(baseUrl: string, apiKey: string, transactionId: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${baseUrl}/v1/conversions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'signup', transaction_id: transactionId }),
    }).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.ok) return Date.now() - started;
    if (Date.now() - started > 20_000) throw new Error('no write within 20 s');
    await after(50);
  }
}

/** The spool files an instance's data directory holds (none once loaded). */
const spooled = (dir: string) => (existsSync(join(dir, SPOOL_DIR)) ? readdirSync(join(dir, SPOOL_DIR)).filter((f) => f.endsWith('.jsonl')) : []);

describe.skipIf(!onPostgres || !canStartNodes())('a primary and a synchronous standby, two instances naming both', () => {
  const mail = new MailCatcher();
  let pair: PgPair;
  let app: FastifyInstance;
  let target: LoadTarget;
  let ids: Awaited<ReturnType<typeof trackingSetup>>;
  let databaseUrl: string;
  let affiliateToken: string;
  let unreadLinkPath: string;
  const dirs: string[] = [];
  const servers: (ServerProcess | undefined)[] = [];
  let haproxy: ChildProcess | undefined;
  const all: Acknowledged = { clicks: [], conversions: [], failures: 0 };
  const startInstance = (dir: string) => startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dir, TRUST_PROXY: '1', LOG_LEVEL: 'error' });

  beforeAll(async () => {
    pair = await startPair({ database: 'portal', synchronous: true });
    databaseUrl = pair.url('portal');
    const smtpUrl = await mail.start();
    // The test's own instance (set-up and the checks): its pool follows the primary like the others'.
    const config = { ...loadedTestConfig({ JWT_SECRET: '', SMTP_URL: smtpUrl }), database: { kind: 'postgres' as const, url: databaseUrl } };
    dirs.push(config.dataDir);
    app = await buildApp(config);
    await app.ready();
    ids = await trackingSetup(app, mail);
    const affiliate = await signIn(app, mail, ids.affiliateEmail, ids.affiliatePassword);
    affiliateToken = affiliate.access_token;
    // A second link nobody clicks before the outage, and the network's default fallback.
    unreadLinkPath = new URL((await trackingLink(app, affiliate, ids.offerId, { deep_url: 'https://failover.example/unread-page' })).url).pathname;
    if (unreadLinkPath === ids.linkPath) throw new Error('expected a second link');
    await putSetting(app.db, 'network_details', { name: 'Failover network', default_fallback_url: 'https://fallback.example.com/' });
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'portal-failover-'));
      dirs.push(dir);
      servers.push(await startInstance(dir));
    }
    const dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
    dirs.push(dir);
    const balancer = await startHaproxy(servers.map((s) => s!.url), dir);
    haproxy = balancer.child;
    target = { baseUrl: balancer.url, linkPath: ids.linkPath, apiKey: ids.apiKey };
  }, 120_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(servers.map((s) => stopServer(s)));
    await app?.close().catch(() => {});
    pair?.close();
    await mail.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const keep = (ack: Acknowledged) => {
    all.clicks.push(...ack.clicks);
    all.conversions.push(...ack.conversions);
  };

  it('keeps answering clicks while the primary is down for 30 s, keeps a killed instance\'s spool, and loses nothing', { timeout: 100_000 }, async () => {
    const figures: Record<string, number> = {};
    const ack = await loadUntil(
      target,
      async (sofar) => {
        await after(1500);
        const before = sofar.clicks.length;
        pair.primary.stop();
        const downAt = Date.now();
        await after(1500);

        // What a sender and a signed-in person see meanwhile: 503, Retry-After, the one error shape.
        const conversion = await fetch(`${servers[1]!.url}/v1/conversions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ids.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cid: sofar.clicks[0], type: 'signup', transaction_id: 'DOWN-1' }),
        });
        expect(conversion.status).toBe(503);
        expect(Number(conversion.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await conversion.json()).toEqual({ error_code: 'service_unavailable', message: errorMessages.briefOutage });
        const page = await fetch(`${servers[1]!.url}/v1/user/profile`, { headers: bearer({ access_token: affiliateToken }) });
        expect(page.status).toBe(503);
        expect(((await page.json()) as { message: string }).message).toBe(errorMessages.briefOutage);
        // A link this instance never read goes to the network's fallback; one it knows still counts.
        const unread = await fetch(`${servers[1]!.url}${unreadLinkPath}`, { redirect: 'manual' });
        expect(unread.status).toBe(302);
        expect(unread.headers.get('location')).toBe('https://fallback.example.com/');
        // The load balancer keeps the instance in: it answers clicks.
        const health = await fetch(`${servers[1]!.url}/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'degraded' });

        // Clicks straight to the first instance, spooled there, then it is killed with SIGKILL.
        const direct = await Promise.all(Array.from({ length: 40 }, (_, i) => clickOnce({ ...target, baseUrl: servers[0]!.url }, 500_000 + i)));
        expect(direct.filter((cid) => cid === null)).toEqual([]);
        sofar.clicks.push(...(direct as string[]));
        expect(spooled(dirs[1]!).length).toBeGreaterThan(0);
        await killServer(servers[0]!);
        servers[0] = undefined;

        await after(30_000 - (Date.now() - downAt));
        figures.clicksWhileDown = sofar.clicks.length - before;
        pair.primary.start();
        const upAt = Date.now();
        const conversionsAtUp = sofar.conversions.length;
        figures.msToFirstWrite = await firstWrite(servers[1]!.url, ids.apiKey, 'UP-1');
        figures.msToLoadWrite = await until(() => sofar.conversions.length > conversionsAtUp, 10_000);
        // The killed instance starts again on its data directory and loads what it spooled.
        servers[0] = await startInstance(dirs[1]!);
        figures.msToRestart = Date.now() - upAt;
        await after(1500);
      },
      { clickWorkers: 6, conversionWorkers: 3, prefix: 'DOWN30' },
    );
    console.log(`primary down 30 s: ${figures.clicksWhileDown} redirects answered while down, first conversion stored ${figures.msToFirstWrite} ms after it was back (${figures.msToLoadWrite} ms for the load's), ${ack.clicks.length} clicks and ${ack.conversions.length} conversions acknowledged`);
    expect(figures.clicksWhileDown).toBeGreaterThan(200);
    expect(figures.msToFirstWrite).toBeLessThan(10_000);
    expect(figures.msToLoadWrite).toBeLessThan(10_000);
    keep(ack);
    // Both instances load their spools once the primary answers.
    await until(() => servers.every((s, i) => s && spooled(dirs[i + 1]!).length === 0), 10_000);
    await app.clickWriter.drain();
    await checkStored(app.db, ids.offerId, ids.siteId, all);
  });

  it('fails over to the standby when the primary is killed with SIGKILL mid-load, and loses nothing', { timeout: 60_000 }, async () => {
    const figures: Record<string, number> = {};
    const ack = await loadUntil(
      target,
      async (sofar) => {
        await after(1500);
        const before = sofar.clicks.length;
        pair.primary.kill();
        await after(3000);
        figures.clicksWhileDown = sofar.clicks.length - before;
        pair.standby.promote();
        const conversionsAtPromote = sofar.conversions.length;
        figures.msToFirstWrite = await firstWrite(servers[1]!.url, ids.apiKey, 'PROMOTED-1');
        figures.msToLoadWrite = await until(() => sofar.conversions.length > conversionsAtPromote, 10_000);
        await after(2000);
      },
      { clickWorkers: 6, conversionWorkers: 3, prefix: 'PROMOTE' },
    );
    console.log(`primary killed, standby promoted after 3 s: ${figures.clicksWhileDown} redirects answered meanwhile, first conversion stored ${figures.msToFirstWrite} ms after the promotion (${figures.msToLoadWrite} ms for the load's), ${ack.clicks.length} clicks and ${ack.conversions.length} conversions acknowledged`);
    expect(figures.clicksWhileDown).toBeGreaterThan(100);
    expect(figures.msToFirstWrite).toBeLessThan(10_000);
    expect(figures.msToLoadWrite).toBeLessThan(10_000);
    keep(ack);
    // After the failover, no request fails for it: a burst of clicks and conversions all answered.
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => clickOnce(target, 900_000 + i)));
    expect(burst.filter((cid) => cid === null)).toEqual([]);
    all.clicks.push(...(burst as string[]));
    await Promise.all(servers.map((s) => stopServer(s)));
    servers.length = 0;
    for (const dir of dirs.slice(1, 3)) expect(spooled(dir)).toEqual([]);
    await app.clickWriter.drain();
    const stored = await checkStored(app.db, ids.offerId, ids.siteId, all);
    expect(stored.stored).toBeGreaterThanOrEqual(all.clicks.length);
  });
});
