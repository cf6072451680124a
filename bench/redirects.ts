// Redirect throughput (issue 6, Speed 1).
//   npm run bench:redirects [-- --seconds=10 --connections=50 --instances=2 --spool]
// Starts the full app on PostgreSQL (a bench_<random> database, dropped afterwards) as a child
// process pinned to core 0, seeds an affiliate, a site, offers and links, then loads GET /t/{code}
// with autocannon from this process (pinned to core 1): 50 connections, each request from one of
// thousands of visitors (X-Forwarded-For with TRUST_PROXY=1, several browsers, a few bots and
// sub IDs), so the uniqueness upsert, geo lookup and rollup see real variety. Every redirect is
// a click committed by the group-commit writer before the 302 goes out.
// Baseline in the same run: a bare node:http server on the same core answering the same 302
// without recording anything, loaded the same way. Prints both rates, the ratio app / bare,
// the app's p50 and p99, the CPU per request of the servers and of PostgreSQL, checks that the
// clicks table holds exactly the redirects counted, times one more click into the rollup, and
// loads the app again at half of the rate it reached (p50 and p99 there: the p99 goal's load).
// Then the same with --instances=N (default 2) app instances behind HAProxy (the cluster
// script's configuration), against as many bare servers behind an HAProxy of their own.
// A smart link (issue 27) is loaded the same way on one instance and printed apart.
// Goals (issues 17 and 29): CPU per durable click (app + PostgreSQL) <= 2x the bare redirect's,
// ratio >= 0.5, p99 <= 10 ms at half the saturating rate, every answered redirect stored once, a click in statistics within
// 1 s; each printed as a line with its figure and MET or MISSED, labelled with the click path.
// Reports, never gates: exits 0 when a goal is missed.
//
// Two click paths: the normal one (each click committed to PostgreSQL in a group commit before its
// redirect), and with --spool the click spool (the app started with CLICK_SPOOL=always: each click
// appended to a file under DATA_DIR and flushed to disk before its redirect, loaded into PostgreSQL
// in large batches by the drainer). On the spool path the clicks reach PostgreSQL after their
// answers, so each load waits until its clicks are stored (bounded), and the measured run's CPU
// (app and PostgreSQL) runs until then: the drain is part of a durable click's cost.
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import type pg from 'pg';
import { appOnNewDatabase, fmt, goalLine, type LoadOptions, type LoadResult, loadBareThenApp, measuredLoad, numberOption, runBenchmark, type Served, type Settle, startApp, startBare, startHaproxy } from './support/common.ts';
import { seedNetwork } from './support/seed.ts';

const SECONDS = numberOption('seconds', 10, 120, { fraction: true });
const WARMUP_SECONDS = numberOption('warmup', 3, 30, { fraction: true });
const CONNECTIONS = numberOption('connections', 50, 500, { fraction: true });
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 10;
const GOAL_CPU_RATIO = 2;
const INSTANCES = numberOption('instances', 2, 8);
const SPOOL = process.argv.includes('--spool');
/** The click path measured, in every heading and goal line. */
const PATH_LABEL = SPOOL ? 'click spool path' : 'normal path';
/** How long the spool path may take to store a load's clicks after its last answer. */
const DRAIN_BOUND_MS = 60_000;

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/33.0 Chrome/126.0 VR Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
];
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// First octets of public address space, so the bundled geo database finds countries.
const PUBLIC_OCTETS = [24, 31, 37, 46, 62, 77, 81, 85, 91, 103, 109, 151, 176, 185, 188, 195, 212, 213, 217];
const SUBS = ['', '', '', '?sub1=banner', '?sub1=email', '?sub1=tube&sub2=top'];

/** A fixed pool of visitors: repeats within it are non-unique clicks, about 3% are bots. */
function visitors(count: number): Array<{ ip: string; ua: string }> {
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  return Array.from({ length: count }, () => ({
    ip: `${PUBLIC_OCTETS[rnd(PUBLIC_OCTETS.length)]}.${rnd(256)}.${rnd(256)}.${1 + rnd(254)}`,
    ua: rnd(100) < 3 ? BOT : BROWSERS[rnd(BROWSERS.length)]!,
  }));
}

function loadOptions(url: string, code: string): LoadOptions {
  const pool = visitors(20_000);
  let n = 0;
  return {
    url,
    connections: CONNECTIONS,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          n++;
          const v = pool[Math.floor(Math.random() * pool.length)]!;
          return { ...req, path: `/t/${code}${SUBS[n % SUBS.length]}`, headers: { 'user-agent': v.ua, 'x-forwarded-for': v.ip, accept: 'text/html' } };
        },
      },
    ],
  };
}

const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(10)} ${fmt(r.rps).padStart(8)} req/s   p50 ${fmt(r.p50)} ms   p99 ${fmt(r.p99)} ms   ${fmt(r.requests)} requests in ${fmt(r.seconds, 1)} s` +
  `   (3xx ${fmt(r.status3xx)}, other ${fmt(r.non2xx - r.status3xx)}, errors ${fmt(r.errors)}, timeouts ${fmt(r.timeouts)})${r.cut ? '  CUT at the time bound' : ''}`;

interface Target {
  measured: string;
  warmup: string;
  offerId: number;
  smartLinkId?: number;
}

/** Clicks stored of a tracking link (by code) or of a smart link. */
async function storedClicks(db: pg.Client, code: string, smartLinkId?: number): Promise<number> {
  const { rows } =
    smartLinkId === undefined
      ? await db.query<{ n: string }>(`select count(*) n from clicks c join tracking_links l on l.id = c.link_id where l.code = $1`, [code])
      : await db.query<{ n: string }>(`select count(*) n from clicks where smart_link_id = $1`, [smartLinkId]);
  return Number(rows[0]!.n);
}

/** The spool path's settle: waits (bounded) until each load's answered clicks are in the clicks table; answers the measured run's wait. */
async function spoolSettle(db: pg.Client, link: Target): Promise<{ settle: Settle; drainedMs: () => number }> {
  const warmupBefore = await storedClicks(db, link.warmup);
  const measuredBefore = await storedClicks(db, link.measured, link.smartLinkId);
  let drained = Number.NaN;
  const settle: Settle = async (run, r) => {
    const [code, smart, before] = run === 'measured' ? [link.measured, link.smartLinkId, measuredBefore] : [link.warmup, undefined, warmupBefore];
    const started = performance.now();
    while ((await storedClicks(db, code, smart)) < before + r.status3xx && performance.now() - started < DRAIN_BOUND_MS) await new Promise((res) => setTimeout(res, 20));
    if (run === 'measured') drained = performance.now() - started;
  };
  return { settle, drainedMs: () => drained };
}

/** Files under a directory (recursively) whose name says spool: the sign that the server spooled. */
function spoolFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /spool/i.test(f));
  } catch {
    return [];
  }
}

/** Loads the bare baseline and the app the same way; prints the results, the check and the goals. */
async function compare(label: string, db: pg.Client, bare: Served, app: Served & { dataDirs: string[] }, link: Target): Promise<void> {
  label = `${PATH_LABEL}, ${label}`;
  console.log(`\n== ${label} ==`);
  const spool = SPOOL ? await spoolSettle(db, link) : undefined;
  const { measured: a, ratio, cpu } = await loadBareThenApp(bare, app, (url, _server, run) => loadOptions(url, run === 'measured' ? link.measured : link.warmup), SECONDS, WARMUP_SECONDS, line, spool?.settle);
  const cpuRatio = (cpu.app.serverUs + cpu.app.postgresUs) / cpu.bare.serverUs;
  console.log(`  CPU per click (app + PostgreSQL) / bare: ${fmt(cpuRatio, 1)}x`);
  if (spool) {
    const files = app.dataDirs.flatMap(spoolFiles);
    console.log(`  spool: clicks stored ${fmt(spool.drainedMs())} ms after the last answer (counted in the CPU above); spool files under DATA_DIR: ${files.length ? files.join(', ') : 'none, so this server does not spool yet and these are the normal path\'s figures'}`);
  }

  const counts = (
    link.smartLinkId === undefined
      ? await db.query<{ clicks: string; unique: string; bots: string }>(
          `select count(*) clicks, count(*) filter (where c.is_unique) "unique", count(*) filter (where c.is_bot) bots
             from clicks c join tracking_links l on l.id = c.link_id where l.code = $1`,
          [link.measured],
        )
      : await db.query<{ clicks: string; unique: string; bots: string }>(
          `select count(*) clicks, count(*) filter (where c.is_unique) "unique", count(*) filter (where c.is_bot) bots from clicks c where c.smart_link_id = $1`,
          [link.smartLinkId],
        )
  ).rows[0]!;
  const rollup = (await db.query<{ clicks: string; rows: string }>(`select coalesce(sum(clicks), 0) clicks, count(*) rows from stats_daily where offer_id = $1`, [link.offerId])).rows[0]!;
  const answered = a.status3xx;
  const exact = Number(counts.clicks) === answered && !a.cut;
  console.log('\ncheck: every redirect answered is exactly one committed click');
  console.log(`  redirects counted by autocannon: ${fmt(answered)}   clicks in the table: ${fmt(Number(counts.clicks))}   ${exact ? 'PASS' : 'FAIL'}`);
  console.log(`  of them unique ${fmt(Number(counts.unique))}, bots ${fmt(Number(counts.bots))}; rollup clicks ${fmt(Number(rollup.clicks))} in ${fmt(Number(rollup.rows))} stats_daily rows ${Number(rollup.clicks) === Number(counts.clicks) ? '(matches)' : '(DIFFERS)'}`);
  if (a.cut) console.log('  (the measured run was cut at its time bound, so answers in flight were not counted)');

  // A click in statistics within a second: one more click, then the rollup read until it shows.
  const before = Number(rollup.clicks);
  const clickedAt = performance.now();
  const res = await fetch(`${app.url}/t/${link.measured}`, { redirect: 'manual', headers: { 'x-forwarded-for': '81.2.69.160', 'user-agent': BROWSERS[0]! } });
  await res.arrayBuffer();
  let inStatsMs = Number.POSITIVE_INFINITY;
  while (performance.now() - clickedAt < 5000) {
    const now = Number((await db.query<{ clicks: string }>(`select coalesce(sum(clicks), 0) clicks from stats_daily where offer_id = $1`, [link.offerId])).rows[0]!.clicks);
    if (now > before) {
      inStatsMs = performance.now() - clickedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }

  // The p99 goal's load: half of the rate the measured run reached, on the warm-up link (the measured
  // link's counts above stay as they were).
  const halfRate = Math.max(1, Math.round(a.rps / 2));
  const halfLoad: LoadOptions = { ...loadOptions(app.url, link.warmup), overallRate: halfRate };
  const half = (await measuredLoad(halfLoad, halfLoad, SECONDS, Math.min(WARMUP_SECONDS, 2), app.child)).measured;
  console.log(`\nat half of the saturating rate (${fmt(halfRate)} req/s):`);
  console.log(line('app', half));

  console.log(`\ngoals (${label})`);
  console.log(goalLine(`CPU per durable click <= ${GOAL_CPU_RATIO}x the bare redirect`, cpuRatio <= GOAL_CPU_RATIO, `${fmt(cpuRatio, 1)}x (app ${fmt(cpu.app.serverUs)} µs + PostgreSQL ${fmt(cpu.app.postgresUs)} µs vs bare ${fmt(cpu.bare.serverUs)} µs)`));
  console.log(goalLine(`ratio >= ${GOAL_RATIO}`, ratio >= GOAL_RATIO, fmt(ratio, 2)));
  console.log(goalLine(`p99 <= ${GOAL_P99_MS} ms at half the saturating rate`, half.p99 <= GOAL_P99_MS, `${fmt(half.p99)} ms (p50 ${fmt(half.p50)} ms) at ${fmt(half.rps)} req/s; at saturation ${fmt(a.p99)} ms`));
  console.log(goalLine('every answered redirect stored exactly once', exact, `${fmt(answered)} answered, ${fmt(Number(counts.clicks))} stored`));
  console.log(goalLine('a click in statistics within 1 s', inStatsMs <= 1000, Number.isFinite(inStatsMs) ? `${fmt(inStatsMs)} ms` : 'not within 5 s'));
}

/** A smart link (12-character code) over two offers: `targeted` for a country no visitor comes from, `catchAll` for everyone. */
async function seedSmartLink(db: pg.Client, affiliateId: number, targeted: number, catchAll: number): Promise<{ id: number; code: string }> {
  const code = `smartbench${String(Date.now() % 100).padStart(2, '0')}`;
  const [row] = (await db.query<{ id: number }>(`insert into smart_links (affiliate_id, code, name) values ($1, $2, 'Bench smart link') returning id`, [affiliateId, code])).rows;
  await db.query(
    `insert into smart_link_entries (smart_link_id, offer_id, position, weight, countries, catch_all) values ($1, $2, 0, 3, '["ZZ"]', false), ($1, $3, 1, 1, '[]', true)`,
    [row!.id, targeted, catchAll],
  );
  return { id: Number(row!.id), code };
}

async function main(): Promise<void> {
  const title = 'Redirects: GET /t/{code} of the full app on PostgreSQL vs a bare node:http 302, same load, same run';
  const load = `${PATH_LABEL}${SPOOL ? ' (the app started with CLICK_SPOOL=always)' : ''}; load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (not counted), then about ${SECONDS} s measured; one instance, then ${INSTANCES} behind HAProxy`;
  const env: Record<string, string> = { TRUST_PROXY: '1', JOBS_WORKER: '0', ...(SPOOL ? { CLICK_SPOOL: 'always' } : {}) };
  const placement = 'one instance pinned to core 0, more on the next cores; HAProxy unpinned';
  await appOnNewDatabase(title, load, env, async (app, db, databaseUrl) => {
    // One affiliate's links to four offers: each run loads one link and warms up on another, so
    // the measured link's clicks can be counted exactly.
    const network = await seedNetwork(db, { affiliates: 1, offers: 4, postbacks: false });
    const codes = network.links[0]!;
    const bare = await startBare('redirect');
    const one = { ...app, dataDirs: [app.dataDir] };
    await compare('one instance', db, bare, one, { measured: codes[0]!, warmup: codes[1]!, offerId: network.offerIds[0]! });
    // A smart link, printed apart: one offer targeted at a country no visitor has, so the choice
    // runs its targeting, and the catch-all takes every click (so the rollup check still holds).
    const smart = await seedSmartLink(db, network.affiliateIds[0]!, network.offerIds[2]!, network.offerIds[3]!);
    await compare('smart link, one instance', db, bare, one, { measured: smart.code, warmup: codes[1]!, offerId: network.offerIds[3]!, smartLinkId: smart.id });
    if (INSTANCES < 2) return;

    // More instances on the same database, each on the next core, behind HAProxy; the baseline
    // is as many bare servers behind an HAProxy of their own.
    const apps = [app];
    const bares = [bare];
    for (let i = 1; i < INSTANCES; i++) {
      apps.push(await startApp(databaseUrl, env, i % cpus().length));
      bares.push(await startBare('redirect', i % cpus().length));
    }
    const appLb = await startHaproxy(apps.map((x) => x.url));
    const bareLb = await startHaproxy(bares.map((x) => x.url));
    await compare(
      `${INSTANCES} instances behind HAProxy`,
      db,
      { url: bareLb.url, child: [...bares.map((x) => x.child), bareLb.child] },
      { url: appLb.url, child: [...apps.map((x) => x.child), appLb.child], dataDirs: apps.map((x) => x.dataDir) },
      { measured: codes[2]!, warmup: codes[3]!, offerId: network.offerIds[2]! },
    );
  }, placement);
}

runBenchmark(main);
