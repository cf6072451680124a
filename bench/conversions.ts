// Conversion intake with postbacks enqueued (issue 6, Speed 3).
//   npm run bench:conversions [-- --seconds=10 --connections=50 --affiliates=100]
// Starts the full app on PostgreSQL (a bench_<random> database, dropped afterwards) as a child
// process pinned to core 0, with the job worker off (JOBS_WORKER=0) so deliveries stay queued and
// only intake is measured. Seeds affiliates (each with a global postback for every goal), a site
// with its API key, a cpa and a revshare offer, and clicks of the last hour. Then autocannon,
// from this process on core 1, POSTs /v1/conversions (Authorization: Bearer <site key>) with
// 50 connections: every request a new transaction on a random click, a signup on the cpa offer
// or a $29.99 sale on the revshare offer, so each one records the conversion, its earning, the
// rollup, and enqueues one postback delivery and its job, in one transaction.
// Baseline in the same run: a bare node:http server on the same core that parses the same JSON
// and answers the same shape, loaded the same way. Prints conversions/s, the ratio app / bare,
// p50/p99, and checks the conversions, earnings and pending deliveries recorded.
// Then the same load again with a hard conversion cap on both offers, and once more without it: what a cap
// check costs, in the same run, read against the runs on both sides (each run finds a bigger database and
// visitors with more conversions to count than the one before, so the first alone flattered the no-caps side).
// As a network runs it (issue 34): the network's screening rules are on (every rule kind, action
// `flag` with thresholds the load never reaches, so each is evaluated and none fires), and every
// other sale is reported in euros, converted at the day's rate.
// Goal: 2,000 conversions a second or more. Reports, never gates: exits 0 when the goal is missed.
import { randomBytes } from 'node:crypto';
import { statsDay } from '../apps/api/src/lib/days.ts';
import { appOnNewDatabase, fmt, goalLine, type LoadOptions, type LoadResult, loadBareThenApp, measuredLoad, numberOption, runBenchmark, startBare } from './support/common.ts';
import { seedClicks, seedNetwork } from './support/seed.ts';

const SECONDS = numberOption('seconds', 10, 120);
const WARMUP_SECONDS = numberOption('warmup', 3, 30);
const CONNECTIONS = numberOption('connections', 50, 500);
const AFFILIATES = numberOption('affiliates', 100, 10_000);
const CLICKS = 20_000;
const GOAL_PER_SECOND = 2000;


interface Click {
  cid: string;
  cpa: boolean;
}

function loadOptions(url: string, apiKey: string, clicks: Click[], prefix: string): LoadOptions {
  let n = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
  return {
    url,
    connections: CONNECTIONS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/v1/conversions',
        setupRequest: (req) => {
          const click = clicks[Math.floor(Math.random() * clicks.length)]!;
          const body = click.cpa
            ? { cid: click.cid, type: 'signup', transaction_id: `${prefix}${++n}` }
            : n % 2
              ? { cid: click.cid, type: 'sale', amount: 27.5, currency: 'EUR', transaction_id: `${prefix}${++n}` }
              : { cid: click.cid, type: 'sale', amount: 29.99, currency: 'USD', transaction_id: `${prefix}${++n}` };
          return { ...req, headers, body: JSON.stringify(body) };
        },
      },
    ],
  };
}

const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(10)} ${fmt(r.rps).padStart(8)} /s   p50 ${fmt(r.p50)} ms   p99 ${fmt(r.p99)} ms   ${fmt(r.requests)} requests in ${fmt(r.seconds, 1)} s` +
  `   (2xx ${fmt(r.status2xx)}, other ${fmt(r.non2xx)}, errors ${fmt(r.errors)}, timeouts ${fmt(r.timeouts)})${r.cut ? '  CUT at the time bound' : ''}`;

async function main(): Promise<void> {
  const title = 'Conversions: POST /v1/conversions of the full app on PostgreSQL, each enqueuing a postback, vs a bare node:http JSON endpoint, same load, same run';
  const load = `load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (not counted), then about ${SECONDS} s measured; ${AFFILIATES} affiliates, ${fmt(CLICKS)} clicks; job worker off`;
  await appOnNewDatabase(title, load, { JOBS_WORKER: '0' }, async (app, db) => {
    const network = await seedNetwork(db, { affiliates: AFFILIATES, offers: 2, postbacks: true });
    const rows = await seedClicks(db, network, CLICKS);
    console.log(`seeded ${fmt(rows.length)} clicks`);
    const clicks: Click[] = rows.map((r) => ({ cid: r.cid, cpa: r.offer === 0 }));
    // Screening rules of every kind (flag, never reached) and the euro's rate of today.
    const rules: Array<[string, number]> = [
      ['min_seconds', 1], ['max_seconds', 30 * 86_400], ['visitor_per_hour', 1_000], ['first_conversions', 1],
      ['chargeback_ratio_30', 99], ['chargeback_ratio_90', 99], ['refund_ratio_30', 99], ['refund_ratio_90', 99],
    ];
    // BENCH_RULES=min_seconds,visitor_per_hour picks some of them (to find what a rule costs); none: BENCH_RULES=none.
    const picked = process.env.BENCH_RULES?.split(',');
    for (const [rule, value] of rules.filter(([r]) => !picked || picked.includes(r))) await db.query(`insert into fraud_rules (offer_id, rule, value, action) values (null, $1, $2, 'flag')`, [rule, value]);
    await db.query(`insert into exchange_rates (currency, day, rate, source, updated_at) values ('EUR', $1, '1.0850000000', 'ecb', now())`, [statsDay(new Date())]);
    console.log(`screening rules on: ${rules.filter(([r]) => !picked || picked.includes(r)).map(([r]) => r).join(', ') || 'none'} (flag); every other sale in EUR`);
    const bare = await startBare('conversion');
    const tag = randomBytes(3).toString('hex');

    // Transaction ids: m… of the app's measured run, w… of its warm-up; the bare server's bm… and bw….
    const prefix = (server: 'bare' | 'app', run: 'measured' | 'warmup') => `${server === 'bare' ? 'b' : ''}${run === 'measured' ? 'm' : 'w'}${tag}-`;
    const { measured: a } = await loadBareThenApp(bare, app, (url, server, run) => loadOptions(url, network.apiKey, clicks, prefix(server, run)), SECONDS, WARMUP_SECONDS, line);

    const counts = (
      await db.query<{ accepted: string; other: string; earnings: string; pending: string; jobs: string }>(
        `select count(*) filter (where v.status = 'accepted') accepted, count(*) filter (where v.status <> 'accepted') other,
                (select count(*) from ledger_entries e join conversions x on x.id = e.conversion_id where x.transaction_id like $1) earnings,
                (select count(*) from postback_deliveries d join conversions x on x.id = d.conversion_id where x.transaction_id like $1 and d.status = 'pending') pending,
                (select count(*) from jobs j where j.kind like 'postback%' and j.done_at is null) jobs
           from conversions v where v.transaction_id like $1`,
        [`m${tag}-%`],
      )
    ).rows[0]!;
    const reasons = (
      await db.query<{ status: string; reason: string | null; n: string }>(
        `select status, reason, count(*) n from conversions where transaction_id like $1 and status <> 'accepted' group by 1, 2 order by 3 desc limit 3`,
        [`m${tag}-%`],
      )
    ).rows;
    const [all] = (await db.query<{ deliveries: string }>(`select count(*) deliveries from postback_deliveries where status = 'pending'`)).rows;
    const accepted = Number(counts.accepted);
    const pending = Number(counts.pending);
    const ok = accepted === a.status2xx && pending === accepted && Number(counts.earnings) === accepted && Number(counts.other) === 0 && Number(counts.jobs) === Number(all!.deliveries) && !a.cut;
    console.log('\ncheck: every conversion answered is recorded once, with its earning and one pending postback delivery and job');
    console.log(
      `  answered 2xx ${fmt(a.status2xx)}   conversions accepted ${fmt(accepted)} (other statuses ${fmt(Number(counts.other))})   earnings ${fmt(Number(counts.earnings))}   pending deliveries ${fmt(pending)}   ${ok ? 'PASS' : 'FAIL'}`,
    );
    for (const r of reasons) console.log(`  not accepted: ${fmt(Number(r.n))} ${r.status}${r.reason ? ` (${r.reason})` : ''}`);
    console.log(`  queued postback jobs ${fmt(Number(counts.jobs))} for ${fmt(Number(all!.deliveries))} pending deliveries in all (warm-up included)`);
    if (a.cut) console.log('  (the measured run was cut at its time bound, so answers in flight were not counted)');

    // What a cap check costs (issue 27): the same load on the same app again, now with a hard
    // conversion cap (never reached) on both offers, so every conversion takes its place under it
    // in the transaction that records it (docs/caps.md).
    for (const offerId of network.offerIds) await db.query(`insert into caps (offer_id, metric, period, "limit", mode) values ($1, 'conversions', 'month', 1000000000, 'hard')`, [offerId]);
    console.log('\napp with a hard conversion cap on both offers ...');
    const capped = (await measuredLoad(loadOptions(app.url, network.apiKey, clicks, `c${tag}-`), loadOptions(app.url, network.apiKey, clicks, `cw${tag}-`), SECONDS, WARMUP_SECONDS, app.child)).measured;
    const [taken] = (await db.query<{ used: string; accepted: string }>(
      `select (select coalesce(sum(used), 0) from cap_counters) used, (select count(*) from conversions where transaction_id like $1 and status = 'accepted' and type in ('signup', 'sale')) accepted`,
      [`c${tag}-%`],
    )).rows;
    // The same load again without the caps: each run finds a bigger database than the one before,
    // so the cap's cost is read against the runs on both sides of it, not the first alone.
    await db.query(`delete from caps where offer_id = any($1::int[])`, [network.offerIds]);
    console.log('\napp without caps again ...');
    const after = (await measuredLoad(loadOptions(app.url, network.apiKey, clicks, `n${tag}-`), loadOptions(app.url, network.apiKey, clicks, `nw${tag}-`), SECONDS, WARMUP_SECONDS, app.child)).measured;
    const around = (a.rps + after.rps) / 2;
    console.log('\ncap check cost (same run, same load)');
    console.log(line('no caps', a));
    console.log(line('with caps', capped));
    console.log(line('no caps again', after));
    console.log(`  with caps / no caps (the mean of the runs before and after): ${fmt(capped.rps / around, 2)} of the throughput; p50 ${fmt(a.p50)} -> ${fmt(capped.p50)} -> ${fmt(after.p50)} ms, p99 ${fmt(a.p99)} -> ${fmt(capped.p99)} -> ${fmt(after.p99)} ms`);
    console.log(`  cap counters took ${fmt(Number(taken!.used))} (warm-up included) for ${fmt(Number(taken!.accepted))} measured accepted conversions`);

    console.log('\ngoals');
    console.log(goalLine(`>= ${fmt(GOAL_PER_SECOND)} conversions/s`, a.rps >= GOAL_PER_SECOND, `${fmt(a.rps)}/s (p50 ${fmt(a.p50)} ms, p99 ${fmt(a.p99)} ms)`));
  });
}

runBenchmark(main);
