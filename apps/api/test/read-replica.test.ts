/**
 * A read replica for reports (docs/deploy.md): a primary and a streaming standby started by the
 * test, the app with DATABASE_URL on the primary and DATABASE_REPLICA_URL on the standby. What a
 * user notices: reports and lists answer while the standby serves them (every statement on the test
 * database is logged, on the standby too, so its log shows the reads it took), a click counts in
 * statistics within a second even while the standby's replay is paused, a list read right after the
 * caller's own write shows it, and with the standby killed every report still answers (a read
 * already on its way to the standby is answered by the primary in the same call).
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openReplica } from '../src/db/replica.ts';
import { statsDay } from '../src/lib/days.ts';
import type { LoadedConfig } from '../src/config.ts';
import { READ_AFTER_COOKIE } from '../src/plugins/read-replica.ts';
import { loadedTestConfig } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { canStartNodes, type PgNode, type PgPair, startPair } from './support/pg-nodes.ts';
import { type Catalogue, click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
const DB = 'portal_replica';
const daily = () => `/v1/statistics/daily?from=${statsDay(new Date())}&to=${statsDay(new Date())}`;

/** The statements a node logged from `offset` on (its server.log), and where its log ends now. */
function logged(node: PgNode, offset: number): { text: string; end: number } {
  const file = join(node.dataDir, 'server.log');
  const end = statSync(file).size;
  return { text: readFileSync(file).subarray(offset, end).toString('utf8'), end };
}
const logEnd = (node: PgNode) => statSync(join(node.dataDir, 'server.log')).size;

/** Starts a killed node again: its socket's lock file names the dead postmaster until that one is reaped. */
async function restart(node: PgNode): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return node.start();
    } catch (err) {
      if (attempt === 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres' || !canStartNodes())('a read replica for reports', () => {
  const mail = new MailCatcher();
  let pair: PgPair;
  let config: LoadedConfig;
  let app: FastifyInstance;
  let staff: Tokens, affiliate: Tokens, affiliateId: number;
  let cat: Catalogue;
  let link: { url: string };
  let clicks = 0;
  let ip = 10;
  /** What the app logged about its replica (warnings and up, and the replica's own notes). */
  const replicaLog: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.includes('Read replica')) replicaLog.push(JSON.parse(line).msg as string);
      done();
    },
  });

  const get = async (who: Tokens, url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { ...bearer(who), ...headers } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const clicksToday = async (): Promise<number> => {
    const rows = (await get(affiliate, daily())).json().data as { clicks: number }[];
    return rows.reduce((sum, r) => sum + r.clicks, 0);
  };
  const oneClick = async () => {
    const n = ip++;
    const c = await click(app, link.url, { ip: `81.2.${60 + Math.floor(n / 250)}.${(n % 250) + 1}` });
    expect(c.status).toBe(302);
    clicks += 1;
  };
  /** Clicks once and answers how long until the affiliate's statistics count it (ms). */
  const clickToStatistics = async (): Promise<number> => {
    await oneClick();
    const start = performance.now();
    while ((await clicksToday()) < clicks) {
      if (performance.now() - start > 5000) throw new Error('the click never showed in statistics');
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.now() - start;
  };
  const servedByReplica = () => app.readDb !== app.db;

  beforeAll(async () => {
    pair = await startPair({ database: DB });
    // Logged on the standby too: the setting is in the catalogue, which streams with the rest.
    pair.primary.psql(`alter database ${DB} set log_statement = 'all'`);
    config = loadedTestConfig({ DATABASE_URL: pair.primary.url(DB), DATABASE_REPLICA_URL: pair.standby.url(DB), SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'info' });
    app = await buildApp(config, { logStream });
    await app.ready();
    const s = await createStaff(app, ['offers', 'statistics', 'dashboard', 'affiliates']);
    const a = await createAffiliate(app);
    affiliateId = a.id;
    [staff, affiliate] = await Promise.all([signIn(app, mail, s.email, s.password), signIn(app, mail, a.email, a.password)]);
    cat = await createCatalogue(app, staff, { name: 'replicavr', payoutType: 'cpa', payout: 5 });
    link = await trackingLink(app, affiliate, cat.offerId);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await mail.stop();
    pair?.close();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('answers statistics, the dashboard and the lists from the replica; the balance from the primary', async () => {
    await expect.poll(servedByReplica, { timeout: 5000, interval: 50 }).toBe(true);
    // The start: the first check, and any moment the standby fell behind while the test's data was written.
    console.log(`the app logged at its start: ${replicaLog.join(' | ')}`);
    expect(replicaLog.at(-1)).toMatch(/^Read replica: reports read the replica( again)?$/);
    for (let i = 0; i < 3; i++) await oneClick();
    await expect.poll(clicksToday, { timeout: 1000, interval: 50 }).toBe(3);

    const standbyFrom = logEnd(pair.standby);
    const primaryFrom = logEnd(pair.primary);
    const started = performance.now();
    const stats = (await get(staff, daily())).json();
    expect(stats.meta.totals.clicks).toBe(3);
    const log = (await get(staff, '/v1/conversion-log')).json();
    expect(log.meta.total).toBe(0);
    const list = (await get(staff, '/v1/affiliates')).json();
    expect(list.data.map((r: { id: number }) => r.id)).toContain(affiliateId);
    expect((await get(staff, '/v1/affiliates/export.csv')).body).toContain('Test Affiliate');
    const staffBoard = (await get(staff, '/v1/dashboard')).json().data;
    expect(staffBoard.periods.today.clicks).toBe(3);
    const took = performance.now() - started;
    expect(servedByReplica()).toBe(true);
    const onStandby = logged(pair.standby, standbyFrom).text;
    const onPrimary = logged(pair.primary, primaryFrom).text;
    // The reports' statements ran on the standby, not on the primary.
    expect(onStandby).toContain('from "stats_daily_totals"');
    expect(onStandby).toContain('from "conversions"');
    expect(onStandby).toContain('from "users"');
    expect(onPrimary).not.toMatch(/select[^\n]*from "stats_daily/);
    console.log(`replica: statistics, conversion log, affiliates list and CSV, staff dashboard in ${took.toFixed(0)} ms, ${onStandby.match(/LOG: {2}(statement|execute)/g)?.length ?? 0} statements on the standby`);

    // The affiliate's dashboard: its figures from the standby, its balance from the primary.
    const s2 = logEnd(pair.standby);
    const p2 = logEnd(pair.primary);
    const board = (await get(affiliate, '/v1/dashboard')).json().data;
    expect(board.periods.today.clicks).toBe(3);
    expect(board.balance).toBe(0);
    expect(logged(pair.standby, s2).text).toContain('"stats_daily_totals"');
    expect(logged(pair.standby, s2).text).not.toContain('ledger_entries');
    expect(logged(pair.primary, p2).text).toContain('ledger_entries');
  });

  it('counts a click in statistics within a second while the replica serves them', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await clickToStatistics());
    console.log(`replica serving: a click in statistics after ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(servedByReplica()).toBe(true);
  });

  it('keeps reading the replica under a steady stream of clicks', async () => {
    const until = performance.now() + 2000;
    const clickers = Array.from({ length: 4 }, async () => {
      while (performance.now() < until) await oneClick();
    });
    const samples: boolean[] = [];
    while (performance.now() < until) {
      samples.push(servedByReplica());
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(clickers);
    const share = samples.filter(Boolean).length / samples.length;
    console.log(`${clicks} clicks so far; under load the replica served ${(share * 100).toFixed(0)}% of ${samples.length} samples over 2 s`);
    expect(share).toBeGreaterThan(0.9);
    await expect.poll(clicksToday, { timeout: 1000, interval: 50 }).toBe(clicks);
  });

  it('with replay paused on the standby, reads go to the primary and a click still counts within a second', async () => {
    pair.standby.psql('select pg_wal_replay_pause()');
    try {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await clickToStatistics());
      console.log(`replay paused: a click in statistics after ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      expect(Math.max(...times)).toBeLessThan(1000);
      expect(servedByReplica()).toBe(false);
      // Nothing reads the paused standby's stale figures any more.
      const from = logEnd(pair.standby);
      expect((await get(staff, daily())).json().meta.totals.clicks).toBe(clicks);
      expect((await get(staff, '/v1/dashboard')).json().data.periods.today.clicks).toBe(clicks);
      expect(logged(pair.standby, from).text).not.toContain('stats_daily');
    } finally {
      pair.standby.psql('select pg_wal_replay_resume()');
    }
    await expect.poll(servedByReplica, { timeout: 3000, interval: 50 }).toBe(true);
    expect(await clicksToday()).toBe(clicks);
  });

  it("shows a caller's own write in a list read right after it, even before the replica replays it", async () => {
    await expect.poll(servedByReplica, { timeout: 3000, interval: 50 }).toBe(true);
    pair.standby.psql('select pg_wal_replay_pause()');
    try {
      const saved = await app.inject({ method: 'PATCH', url: `/v1/affiliates/${affiliateId}`, headers: bearer(staff), payload: { name: 'Renamed Right Now' } });
      expect(saved.statusCode).toBe(200);
      const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(new RegExp(`^${READ_AFTER_COOKIE}=[0-9A-F]+%2F[0-9A-F]+$`));
      // The standby has not replayed the rename (replay is paused); this caller still sees it.
      const nameIn = async (headers: Record<string, string>) => (await get(staff, '/v1/affiliates', headers)).json().data.find((r: { id: number }) => r.id === affiliateId).name as string;
      expect(await nameIn({ cookie })).toBe('Renamed Right Now');
      // Without the cookie (another client), the standby may still answer for up to 0.6 s: the name as it was.
      console.log(`right after the rename, without the cookie: "${await nameIn({})}"; with it: "${await nameIn({ cookie })}"`);
    } finally {
      pair.standby.psql('select pg_wal_replay_resume()');
    }
  });

  it('with the replica killed, every report still answers, from the primary', async () => {
    await expect.poll(servedByReplica, { timeout: 3000, interval: 50 }).toBe(true);
    // A second handle on the standby that checks only once: fresh for a minute, so its next read
    // surely goes to the killed standby, and the primary answers it instead.
    const handle = openReplica(pair.standby.url(DB), app.db, { checkEveryMs: 60_000, maxStalenessMs: 60_000 });
    await expect.poll(() => handle.state().serving, { timeout: 3000, interval: 20 }).toBe(true);
    const logFrom = replicaLog.length;
    pair.standby.kill();
    try {
      expect(handle.db).not.toBe(app.db);
      const answered = (await handle.db.execute(sql`select count(*)::int as n from users where id = ${affiliateId}`)) as unknown as { rows: { n: number }[] };
      expect(answered.rows[0]!.n).toBe(1);
      expect(handle.state()).toMatchObject({ serving: false, fallbacks: 1, reason: 'a read on it failed' });
      expect(handle.db).toBe(app.db);
    } finally {
      await handle.close();
    }
    const started = performance.now();
    // At once: the first reads may still be sent to the standby and are answered by the primary instead.
    for (let round = 0; round < 3; round++) {
      expect((await get(staff, daily())).json().meta.totals.clicks).toBe(clicks);
      expect((await get(affiliate, '/v1/dashboard')).json().data.periods.today.clicks).toBe(clicks);
      expect((await get(staff, '/v1/conversion-log')).statusCode).toBe(200);
      expect((await get(staff, '/v1/affiliates')).json().meta.total).toBeGreaterThan(0);
    }
    console.log(`replica killed: 12 reports answered in ${(performance.now() - started).toFixed(0)} ms`);
    await expect.poll(servedByReplica, { timeout: 2000, interval: 50 }).toBe(false);
    const lost = replicaLog.slice(logFrom);
    console.log(`replica killed, the app logged: ${lost.filter((m) => m.includes('reports read')).join(' | ')}`);
    expect(lost.some((m) => /^Read replica: reports read the primary \((a read on it failed|it is unreachable)\)$/.test(m))).toBe(true);
    expect(await clickToStatistics()).toBeLessThan(1000);
    // Back again: reports return to it once it has caught up.
    await restart(pair.standby);
    await expect.poll(servedByReplica, { timeout: 10_000, interval: 100 }).toBe(true);
    expect(replicaLog.at(-1)).toBe('Read replica: reports read the replica again');
    expect(await clicksToday()).toBe(clicks);
  });
});
