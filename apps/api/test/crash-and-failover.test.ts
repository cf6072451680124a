import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { postbackDeliveries, postbacks } from '../src/db/schema/index.ts';
import { createInstances, loadedTestConfig, type TestInstances } from './helpers.ts';
import { after, clickOnce, type LoadTarget, loadFor, loadUntil } from './support/click-load.ts';
import { checkStored, trackingSetup } from './support/stored-once.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { killServer, type ServerProcess, startHaproxy, startServer, stopServer } from './support/processes.ts';
import { uniqueEmail } from './support/users.ts';
import { limits } from '../src/lib/rate-limiter.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances behind HAProxy on one PostgreSQL', () => {
  const mail = new MailCatcher();
  let setup: TestInstances;
  let target: LoadTarget;
  let ids: Awaited<ReturnType<typeof trackingSetup>>;
  let databaseUrl: string;
  let smtpUrl: string;
  const dirs: string[] = [];
  const servers: (ServerProcess | undefined)[] = [];
  let haproxy: ChildProcess | undefined;
  // The affiliate's postback receiver: how many times each transaction was announced.
  const announced = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const t = new URL(req.url ?? '/', 'http://receiver').searchParams.get('t') ?? '';
    announced.set(t, (announced.get(t) ?? 0) + 1);
    res.end('OK');
  });
  let instanceEnv: Record<string, string>;

  const startInstance = async (dir = mkdtempSync(join(tmpdir(), 'portal-instance-'))) => {
    if (!dirs.includes(dir)) dirs.push(dir);
    return startServer({ ...instanceEnv, DATABASE_URL: databaseUrl, DATA_DIR: dir });
  };

  beforeAll(async () => {
    smtpUrl = await mail.start();
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const receiverPort = (receiver.address() as AddressInfo).port;
    // Every instance runs the job worker, the test's own one too: three claim the same queue.
    instanceEnv = { SMTP_URL: smtpUrl, TRUST_PROXY: '1', OUTBOUND_ALLOW: `127.0.0.1:${receiverPort}`, JOBS_POLL_MS: '50' };
    setup = await createInstances(1, instanceEnv);
    const database = setup.configs[0]!.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    databaseUrl = database.url;
    ids = await trackingSetup(setup.apps[0]!, mail);
    await setup.apps[0]!.db.insert(postbacks).values({ affiliateId: ids.affiliateId, goal: 'all', type: 'global', method: 'GET', url: `http://127.0.0.1:${receiverPort}/conversion?t={transaction_id}` });
    servers.push(await startInstance(), await startInstance());
    const dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
    dirs.push(dir);
    const balancer = await startHaproxy(servers.map((s) => s!.url), dir);
    haproxy = balancer.child;
    target = { baseUrl: balancer.url, linkPath: ids.linkPath, apiKey: ids.apiKey };
  }, 240_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(servers.map((s) => stopServer(s)));
    await setup?.close();
    await mail.stop();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('sends each postback once: every instance claims jobs from the one queue, none claims one twice', { timeout: 120_000 }, async () => {
    const ack = await loadUntil(target, (sofar) => loadFor(sofar, 2500, { conversions: 60 }), { clickWorkers: 6, conversionWorkers: 6, prefix: 'ONCE' });
    expect(ack.conversions.length).toBeGreaterThan(50);
    const db = setup.apps[0]!.db;
    const pending = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(postbackDeliveries).where(sql`${postbackDeliveries.status} <> 'delivered' and ${postbackDeliveries.affiliateId} = ${ids.affiliateId}`))[0]!.n;
    const until = Date.now() + 60_000;
    while ((await pending()) > 0 && Date.now() < until) await after(100);
    expect(await pending()).toBe(0);
    await after(300);
    const once = ack.conversions.filter((t) => announced.get(t) === 1);
    expect(once.length).toBe(ack.conversions.length);
    expect([...announced].filter(([t, n]) => t.startsWith('ONCE-') && n !== 1)).toEqual([]);
  });

  it('refuses sign-in failures spread over both instances at the same count as one instance does', async () => {
    let refusedAt = 0;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= limits.loginFailuresPerIp + 5 && !refusedAt; attempt++) {
      const res = await fetch(`${target.baseUrl}/v2/authentication/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A new email each time: the per-account slow-down stays out of the way of the per-address limit.
        body: JSON.stringify({ email: uniqueEmail('guess'), password: 'wrong-password-1' }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 429) refusedAt = attempt;
    }
    expect(refusedAt).toBe(limits.loginFailuresPerIp + 1);
    expect(statuses).toEqual([...Array<number>(limits.loginFailuresPerIp).fill(401), 429]);
  });

  it('stores every acknowledged click and conversion once, the survivor keeps serving, and the rollups are exact after a restart', { timeout: 180_000 }, async () => {
    let ackedAtKill = -1;
    const ack = await loadUntil(
      target,
      async (sofar) => {
        await loadFor(sofar, 2000, { clicks: 150, conversions: 10 });
        ackedAtKill = sofar.clicks.length;
        const atKill = { clicks: sofar.clicks.length, conversions: sofar.conversions.length };
        await killServer(servers[0]!);
        await loadFor(sofar, 4000, { clicks: 150, conversions: 20 }, atKill);
      },
      { clickWorkers: 12, conversionWorkers: 4, prefix: 'FAILOVER' },
    );
    expect(ackedAtKill).toBeGreaterThan(100);
    // The survivor kept answering under load after the crash.
    expect(ack.clicks.length - ackedAtKill).toBeGreaterThan(100);
    expect(ack.conversions.length).toBeGreaterThan(20);

    // The survivor serves everything now: every click is answered with a click id.
    const afterwards = await Promise.all(Array.from({ length: 100 }, (_, i) => clickOnce(target, 100_000 + i)));
    expect(afterwards.filter((cid) => cid === null)).toEqual([]);
    ack.clicks.push(...(afterwards as string[]));

    // The killed instance comes back on the same database and data directory, and serves again.
    servers[0] = await startInstance(dirs[0]!);
    const direct = await clickOnce({ ...target, baseUrl: servers[0].url }, 200_000);
    expect(direct).not.toBeNull();
    ack.clicks.push(direct!);
    // Let the instances flush what they batch (a drain commits before it exits).
    await Promise.all(servers.map((s) => stopServer(s)));

    const counted = await checkStored(setup.apps[0]!.db, ids.offerId, ids.siteId, ack);
    expect(counted.stored).toBeGreaterThanOrEqual(ack.clicks.length);
    expect(counted.accepted).toBeGreaterThanOrEqual(ack.conversions.length);
  });
});

describe.skipIf(onPostgres)('one instance on the embedded database, killed mid-load', () => {
  const mail = new MailCatcher();
  let dataDir: string;
  let ids: Awaited<ReturnType<typeof trackingSetup>>;
  let server: ServerProcess | undefined;
  let smtpUrl: string;

  beforeAll(async () => {
    smtpUrl = await mail.start();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-embedded-'));
    // Made in this process first, then closed: the embedded database has one process at a time.
    const config = loadedTestConfig({ DATA_DIR: dataDir, JWT_SECRET: '', SMTP_URL: smtpUrl });
    const app = await buildApp(config);
    await app.ready();
    ids = await trackingSetup(app, mail);
    await app.close();
  }, 240_000);

  afterAll(async () => {
    await stopServer(server);
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged click and conversion, and the rollups are exact after the restart', { timeout: 180_000 }, async () => {
    const env = { DATA_DIR: dataDir, SMTP_URL: smtpUrl };
    server = await startServer(env);
    const target = { baseUrl: server.url, linkPath: ids.linkPath, apiKey: ids.apiKey };
    const running = server;
    const ack = await loadUntil(
      target,
      async (sofar) => {
        await loadFor(sofar, 2500, { clicks: 150, conversions: 15 });
        await killServer(running);
      },
      { clickWorkers: 8, conversionWorkers: 2, prefix: 'CRASH' },
    );
    expect(ack.clicks.length).toBeGreaterThan(100);
    expect(ack.conversions.length).toBeGreaterThan(10);

    // Restarted on the same data directory: the database recovers and the link counts again.
    server = await startServer(env);
    const again = await clickOnce({ ...target, baseUrl: server.url }, 50_000);
    expect(again).not.toBeNull();
    ack.clicks.push(again!);
    await stopServer(server);

    const database = await openDatabase({ kind: 'pglite', dir: join(dataDir, 'pglite') });
    try {
      await checkStored(database.db, ids.offerId, ids.siteId, ack);
    } finally {
      await database.close();
    }
  });
});
