// Statistics report speed (issue 6, Speed 2).
//   npm run bench:statistics [-- --clicks=10000000 --affiliates=1000 --iterations=300]
//   smoke run: npm run bench:statistics -- --clicks=100000
// On PostgreSQL (a bench_<random> database, dropped afterwards): generates a year of clicks
// (default 10 million; day partitions as the server keeps them), 1% of them converted (100,000
// conversions by default, with their earnings ledger) over 1,000 affiliates, straight in SQL with
// INSERT ... SELECT ... FROM generate_series (two connections in parallel), and the stats_daily
// rollup of exactly those rows (INSERT ... SELECT ... GROUP BY). Traffic is skewed: a few
// affiliates, countries and devices get most of it, as on a real network.
// Then measures the daily report of the busiest affiliate for the last 90 days:
//   - report() of the statistics service (what GET /v1/statistics/daily runs), reading stats_daily;
//   - baseline: the same report computed from the raw rows (GROUP BY day over clicks, conversions
//     and earnings with the same filters, partition-pruned by time).
// Prints p50/p95 of both, the ratio raw / rollup, and checks that both give the same totals.
// Then every report shape the screens ask for (daily, by offer, sub ID, country, device, retention,
// the dashboard), for that affiliate and for the whole network (staff), each run for ITERATIONS or
// --shape-seconds. --keep leaves the database for EXPLAIN.
// Goals: the daily report p95 <= 5 ms, every other shape p95 <= 20 ms. Reports, never gates: exits 0 when a goal is missed.
import { loadavg } from 'node:os';
import { NETWORK_TIME_ZONE, retentionQuerySchema, statisticsQuerySchema } from '@portal/contracts';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { affiliateScope, networkScope } from '../apps/api/src/lib/scope.ts';
import { report, toRow } from '../apps/api/src/modules/statistics/service.ts';
import { dashboard } from '../apps/api/src/modules/statistics/dashboard.ts';
import { retention } from '../apps/api/src/modules/billers/retention.ts';
import { addDays, statsDay } from '../apps/api/src/lib/days.ts';
import { createDatabase, describeMachine, fmt, goalLine, keepDatabase, onCleanup, percentile, runBenchmark, numberOption } from './support/common.ts';

const CLICKS = numberOption('clicks', 10_000_000, 200_000_000);
const CONVERSIONS = numberOption('conversions', Math.max(1, Math.floor(CLICKS / 100)), CLICKS);
const AFFILIATES = numberOption('affiliates', 1000, 100_000);
const ITERATIONS = numberOption('iterations', 300, 10_000);
const RAW_ITERATIONS = numberOption('raw-iterations', 30, 1000);
const DAYS = 365;
const REPORT_DAYS = 90;
const SITES = 5;
const OFFERS = 20;
const CHUNK_DAYS = 15;
const GOAL_P95_MS = 20;
const GOAL_DAILY_P95_MS = 5;
// Each shape runs ITERATIONS times or for SHAPE_SECONDS, whichever ends first.
const SHAPE_SECONDS = numberOption('shape-seconds', 15, 600);
// --keep: leave the database for EXPLAIN (its name is printed; drop it afterwards).
const KEEP = process.argv.includes('--keep');
const TZ = NETWORK_TIME_ZONE;

const seconds = (t0: number) => `${fmt((performance.now() - t0) / 1000, 1)} s`;

async function main(): Promise<void> {
  console.log('Statistics: the daily report of one affiliate for 90 days, from the stats_daily rollup vs computed from raw clicks');
  console.log(describeMachine('PostgreSQL on 127.0.0.1'));
  console.log(`data: ${fmt(CLICKS)} clicks and ${fmt(CONVERSIONS)} conversions over ${DAYS} days, ${fmt(AFFILIATES)} affiliates, ${OFFERS} offers on ${SITES} sites`);

  const database = await createDatabase();
  const app = await openDatabase({ kind: 'postgres', url: database.url });
  onCleanup(() => app.close());
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  onCleanup(() => pool.end());
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Array<Record<string, unknown>>;

  // ---- catalogue ----
  const today = statsDay(new Date());
  const firstDay = addDays(today, -(DAYS - 1));
  const t0 = performance.now();
  await q(
    `insert into sites (name, display_name, url) select 'site' || g, 'SITE ' || g, 'https://site' || g || '.bench.example' from generate_series(1, ${SITES}) g`,
  );
  const siteIds = (await q('select id from sites order by id')).map((r) => Number(r.id));
  // Offers: odd position cpa ($35 per signup), even position revshare (40% of sales and rebills).
  await q(
    `insert into offers (site_id, name, payout_type, goal, default_payout)
     select ($1::int[])[1 + (g % ${SITES})], 'Offer ' || g, case when g % 2 = 1 then 'cpa' else 'revshare' end,
            case when g % 2 = 1 then 'signup' else 'sale' end, case when g % 2 = 1 then 3500 else 4000 end
       from generate_series(1, ${OFFERS}) g`,
    [siteIds],
  );
  const offerRows = await q('select id, site_id, payout_type from offers order by id');
  await q(
    `insert into users (email, name, is_client, is_active) select 'aff' || g || '@bench.example', 'Affiliate ' || g, true, true from generate_series(1, $1::int) g`,
    [AFFILIATES],
  );
  const [range] = await q('select min(id) lo, max(id) hi, count(*) n from users where is_client');
  const affBase = Number(range!.lo);
  if (Number(range!.hi) - affBase + 1 !== AFFILIATES) throw new Error('affiliate ids are not contiguous');
  const offerIds = offerRows.map((r) => Number(r.id));
  const offerSites = offerRows.map((r) => Number(r.site_id));

  console.log(`  catalogue (${seconds(t0)})`);
  // Day partitions for the whole year, as the server keeps them (it creates them ahead).
  const startTs = new Date(`${firstDay}T00:00:00Z`).getTime() - 86_400_000;
  for (let t = startTs; t <= Date.now() + 2 * 86_400_000; t += 86_400_000) {
    const from = new Date(t).toISOString();
    const to = new Date(t + 86_400_000).toISOString();
    await q(`create unlogged table if not exists clicks_${from.slice(0, 10).replaceAll('-', '')} partition of clicks for values from ('${from}') to ('${to}')`);
  }

  // The bench's tables skip the write-ahead log (unlogged): the same pages and plans for reading, a
  // third of the disk writes while generating. Set while they are empty, so nothing is rewritten.
  await q('alter table stats_daily set unlogged');
  await q('alter table stats_daily_totals set unlogged');
  console.log(`  day partitions (${seconds(t0)})`);

  // ---- clicks, in chunks of whole Los Angeles days (so chunk rollups never share a row), two at a time ----
  const chunks: Array<{ first: string; days: number; rows: number; offset: number }> = [];
  let assigned = 0;
  for (let d = 0; d < DAYS; d += CHUNK_DAYS) {
    const days = Math.min(CHUNK_DAYS, DAYS - d);
    const rows = d + days >= DAYS ? CLICKS - assigned : Math.round((CLICKS * days) / DAYS);
    chunks.push({ first: addDays(firstDay, d), days, rows, offset: assigned });
    assigned += rows;
  }
  const countries = ['US', 'GB', 'DE', 'CA', 'FR', 'AU', 'NL', 'BR', 'JP', 'ES', 'IT', 'SE'];
  const writeChunk = async (c: (typeof chunks)[number]) => {
    const client = await pool.connect();
    try {
      await client.query("set synchronous_commit = off; set work_mem = '256MB'");
      const span = `(($1::date + ${c.days})::timestamp at time zone '${TZ}') - ($1::date::timestamp at time zone '${TZ}')`;
      await client.query(
        `insert into clicks (cid, created_at, day, affiliate_id, offer_id, site_id, link_id, sub1, country, device, visitor_hash, is_unique, is_bot)
         select 'g' || lpad(($3::bigint + g)::text, 12, '0'), ts, (ts at time zone '${TZ}')::date,
                ${affBase} + a, ($4::int[])[1 + o], ($5::int[])[1 + o], null,
                case when r5 < 0.7 then null else 'sub' || (floor(r5 * 1000)::int % 5) end,
                ($6::text[])[1 + floor(r3 * r3 * ${countries.length})::int],
                case when r4 < 0.5 then 'desktop' when r4 < 0.85 then 'mobile' when r4 < 0.95 then 'tablet' else 'vr' end,
                md5(g::text || '|' || $3) || md5(g::text || '|v|' || $3),
                r6 < 0.7, r6 > 0.98
           from (select g, ($1::date::timestamp at time zone '${TZ}') + (${span}) * (g::float8 / $2) as ts,
                        floor(${AFFILIATES} * r1 * r1)::int as a,
                        ((floor(${AFFILIATES} * r1 * r1)::int * 7 + floor(r2 * 3)::int * 5) % ${OFFERS}) as o,
                        r3, r4, r5, r6
                   from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
                           from generate_series(0, $2::int - 1) g) r) s`,
        [c.first, c.rows, c.offset, offerIds, offerSites, countries],
      );
      await client.query(
        `insert into stats_daily (day, affiliate_id, offer_id, site_id, campaign_id, country, device, sub1, sub2, sub3, sub4, sub5, clicks, unique_clicks)
         select day, affiliate_id, offer_id, site_id, coalesce(campaign_id, 0), coalesce(country, ''), device, coalesce(sub1, ''), '', '', '', '',
                count(*), count(*) filter (where is_unique)
           from clicks
          where created_at >= ($1::date::timestamp at time zone '${TZ}') and created_at < (${`($1::date + ${c.days})::timestamp at time zone '${TZ}'`})
          group by 1, 2, 3, 4, 5, 6, 7, 8`,
        [c.first],
      );
    } finally {
      client.release();
    }
  };
  const queue = [...chunks];
  let done = 0;
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      await writeChunk(c);
      const before = Math.floor((done * 4) / CLICKS);
      done += c.rows;
      if (Math.floor((done * 4) / CLICKS) > before) console.log(`  clicks ${fmt(done)} / ${fmt(CLICKS)} with their rollup (${seconds(t0)})`);
    }
  };
  await Promise.all([worker(), worker()]);

  // ---- conversions: every n-th click converts within 30 minutes; earnings ledger and rollup ----
  const step = Math.max(1, Math.floor(CLICKS / CONVERSIONS));
  await q(`set synchronous_commit = off`);
  await q(
    `create unlogged table bench_conv as
     select c.*, c.created_at + random() * interval '30 minutes' as conv_at, t.type,
            case when t.type = 'signup' then 0 else 2999 end as amount,
            case when o.payout_type = 'cpa' and t.type = 'signup' then 3500
                 when o.payout_type = 'revshare' and t.type in ('sale', 'rebill') then round(2999 * 4000 / 10000.0)::int
                 else 0 end as earning
       from clicks c
       join offers o on o.id = c.offer_id
       cross join lateral (select case when (c.id / ${step}) % 10 < 5 then 'signup' when (c.id / ${step}) % 10 < 9 then 'sale' else 'rebill' end as type) t
      where c.id % ${step} = 0
      limit ${CONVERSIONS}`,
  );
  await q(
    `insert into conversions (site_id, transaction_id, type, amount_cents, currency, cid, clicked_at, affiliate_id, offer_id, campaign_id, status, day, created_at)
     select site_id, 'tx' || id, type, amount, 'USD', cid, created_at, affiliate_id, offer_id, campaign_id, 'accepted', (conv_at at time zone '${TZ}')::date, conv_at
       from bench_conv order by conv_at`,
  );
  await q(
    `insert into ledger_entries (affiliate_id, conversion_id, cid, offer_id, kind, payout_type, amount_cents, day, created_at)
     select b.affiliate_id, v.id, b.cid, b.offer_id, 'earning', o.payout_type, b.earning, v.day, v.created_at
       from bench_conv b join conversions v on v.transaction_id = 'tx' || b.id join offers o on o.id = b.offer_id
      where b.earning <> 0`,
  );
  await q(
    `insert into stats_daily (day, affiliate_id, offer_id, site_id, campaign_id, country, device, sub1, sub2, sub3, sub4, sub5,
                              conversions, signups, sales, rebills, earnings_cents, revenue_cents)
     select (conv_at at time zone '${TZ}')::date, affiliate_id, offer_id, site_id, coalesce(campaign_id, 0), coalesce(country, ''), device, coalesce(sub1, ''), '', '', '', '',
            count(*) filter (where type in ('signup', 'sale')), count(*) filter (where type = 'signup'), count(*) filter (where type = 'sale'),
            count(*) filter (where type = 'rebill'), sum(earning), sum(amount)
       from bench_conv group by 1, 2, 3, 4, 5, 6, 7, 8
     on conflict (affiliate_id, day, offer_id, site_id, campaign_id, country, device, sub1, sub2, sub3, sub4, sub5, creative) do update set
       conversions = stats_daily.conversions + excluded.conversions, signups = stats_daily.signups + excluded.signups,
       sales = stats_daily.sales + excluded.sales, rebills = stats_daily.rebills + excluded.rebills,
       earnings_cents = stats_daily.earnings_cents + excluded.earnings_cents, revenue_cents = stats_daily.revenue_cents + excluded.revenue_cents`,
  );
  await q('drop table bench_conv');
  // Subscriptions (what the retention report reads): every sale starts one through its site's biller
  // account; 60 % still active, 30 % cancelled, 10 % expired; a rebill every 30 days while it runs.
  await q(
    `insert into biller_accounts (site_id, biller, account_key_encrypted, account_key_hash, passthrough_field)
     select id, 'ccbill', 'bench', md5('bench' || id), 'cid' from sites`,
  );
  await q(
    `insert into subscriptions (biller_account_id, subscription_id, site_id, cid, affiliate_id, offer_id, sale_conversion_id, status, started_at, cancelled_at, expired_at)
     select b.id, 'sub' || v.id, v.site_id, v.cid, v.affiliate_id, v.offer_id, v.id,
            case when v.id % 10 < 6 then 'active' when v.id % 10 < 9 then 'cancelled' else 'expired' end, v.created_at,
            case when v.id % 10 between 6 and 8 then v.created_at + (1 + v.id % 120) * interval '1 day' end,
            case when v.id % 10 = 9 then v.created_at + (1 + v.id % 120) * interval '1 day' end
       from conversions v join biller_accounts b on b.site_id = v.site_id
      where v.type = 'sale'`,
  );
  await q(
    `insert into subscription_events (subscription_id, type, amount_cents, occurred_at)
     select s.id, 'rebill', 2999, s.started_at + k * interval '30 days'
       from subscriptions s cross join generate_series(1, 12) k
      where s.started_at + k * interval '30 days' < least(now(), coalesce(s.cancelled_at, s.expired_at, now()))`,
  );
  // The totals rollup (no country, device or sub IDs) is what the daily report reads when unfiltered.
  await q(
    `insert into stats_daily_totals (day, affiliate_id, offer_id, site_id, campaign_id, clicks, unique_clicks, conversions, signups, sales,
                                     rebills, refunds, chargebacks, earnings_cents, revenue_cents)
     select day, affiliate_id, offer_id, site_id, campaign_id, sum(clicks), sum(unique_clicks), sum(conversions), sum(signups), sum(sales),
            sum(rebills), sum(refunds), sum(chargebacks), sum(earnings_cents), sum(revenue_cents)
       from stats_daily group by 1, 2, 3, 4, 5`,
  );
  console.log(`  conversions, earnings and rollups (${seconds(t0)})`);
  const t1 = performance.now();
  await q('vacuum analyze stats_daily');
  await q('vacuum analyze stats_daily_totals');
  await q('analyze clicks');
  await q('vacuum analyze conversions');
  await q('vacuum analyze ledger_entries');
  await q('vacuum analyze subscriptions');
  await q('vacuum analyze subscription_events');
  await q('analyze users, offers');
  const generationSeconds = (performance.now() - t0) / 1000;
  console.log(`  analyze (${seconds(t1)}); generation in all ${seconds(t0)}`);

  const [sizes] = await q(
    `select (select count(*) from clicks) clicks, (select count(*) from conversions) conversions, (select count(*) from stats_daily) rollup_rows,
            (select count(*) from stats_daily_totals) totals_rows, (select count(*) from subscriptions) subscriptions,
            (select count(*) from subscription_events) subscription_events,
            pg_size_pretty(pg_total_relation_size('stats_daily')) rollup_size, pg_size_pretty(pg_total_relation_size('stats_daily_totals')) totals_size,
            pg_size_pretty((select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'clicks'::regclass)) clicks_size,
            pg_size_pretty(pg_database_size(current_database())) database_size`,
  );
  console.log(
    `  clicks ${fmt(Number(sizes!.clicks))} (${String(sizes!.clicks_size)}), conversions ${fmt(Number(sizes!.conversions))}, stats_daily ${fmt(Number(sizes!.rollup_rows))} rows (${String(sizes!.rollup_size)}), stats_daily_totals ${fmt(Number(sizes!.totals_rows))} rows (${String(sizes!.totals_size)}), subscriptions ${fmt(Number(sizes!.subscriptions))} with ${fmt(Number(sizes!.subscription_events))} rebills`,
  );
  console.log(`  disk: the database takes ${String(sizes!.database_size)}; generated in ${fmt(generationSeconds, 0)} s (${fmt(CLICKS / generationSeconds)} clicks/s)`);

  // ---- measure: the busiest affiliate, the last 90 days up to yesterday ----
  const affiliateId = affBase;
  const to = addDays(today, -1);
  const from = addDays(to, -(REPORT_DAYS - 1));
  const query = statisticsQuerySchema.parse({ from, to });
  const [volume] = await q(`select coalesce(sum(clicks), 0) clicks, count(*) rows from stats_daily where affiliate_id = $1 and day between $2 and $3`, [affiliateId, from, to]);
  console.log(`\nreport: affiliate ${affiliateId} (the busiest), ${from} to ${to}: ${fmt(Number(volume!.clicks))} clicks in ${fmt(Number(volume!.rows))} rollup rows`);

  const rawSql = `
    with c as (
      select day, count(*) clicks, count(*) filter (where is_unique) unique_clicks
        from clicks
       where affiliate_id = $1 and day between $2 and $3
         and created_at >= ($2::date::timestamp at time zone '${TZ}') and created_at < (($3::date + 1)::timestamp at time zone '${TZ}')
       group by day),
    v as (
      select day, count(*) filter (where type in ('signup', 'sale')) conversions, count(*) filter (where type = 'signup') signups,
             count(*) filter (where type = 'sale') sales, count(*) filter (where type = 'rebill') rebills,
             count(*) filter (where type = 'refund') refunds, count(*) filter (where type = 'chargeback') chargebacks
        from conversions
       where affiliate_id = $1 and status = 'accepted' and day between $2 and $3
         and created_at >= ($2::date::timestamp at time zone '${TZ}') and created_at < (($3::date + 1)::timestamp at time zone '${TZ}')
       group by day),
    e as (
      select day, sum(amount_cents) earnings_cents
        from ledger_entries
       where affiliate_id = $1 and kind in ('earning', 'reversal') and day between $2 and $3
         and created_at >= ($2::date::timestamp at time zone '${TZ}') and created_at < (($3::date + 1)::timestamp at time zone '${TZ}')
       group by day)
    select d::date::text as date, coalesce(c.clicks, 0) clicks, coalesce(c.unique_clicks, 0) "uniqueClicks",
           coalesce(v.conversions, 0) conversions, coalesce(v.signups, 0) signups, coalesce(v.sales, 0) sales, coalesce(v.rebills, 0) rebills,
           coalesce(v.refunds, 0) refunds, coalesce(v.chargebacks, 0) chargebacks, coalesce(e.earnings_cents, 0) "earningsCents"
      from generate_series($2::date, $3::date, interval '1 day') d
      left join c on c.day = d::date left join v on v.day = d::date left join e on e.day = d::date
     order by 1`;
  type RawRow = { date: string; clicks: string; uniqueClicks: string; conversions: string; signups: string; sales: string; rebills: string; refunds: string; chargebacks: string; earningsCents: string };
  const rawReport = async () => {
    const rows = (await pool.query<RawRow>(rawSql, [affiliateId, from, to])).rows;
    // An affiliate's report: the network's figures are not part of it.
    return rows.map((r) => ({ date: r.date, ...toRow({ ...r, revenueCents: 0, commissionCents: 0, bonusCents: 0, botClicks: 0, datacenterClicks: 0, repeatClicks: 0, burstClicks: 0 }) }));
  };
  const rollupReport = () => report(app.db, affiliateScope(affiliateId), query);

  const time = async (fn: () => Promise<unknown>, iterations: number, budgetMs: number) => {
    for (let i = 0; i < 3; i++) await fn();
    const samples: number[] = [];
    const until = performance.now() + budgetMs;
    while (samples.length < iterations && performance.now() < until) {
      const s = performance.now();
      await fn();
      samples.push(performance.now() - s);
    }
    return samples.sort((a, b) => a - b);
  };
  const rawTimes = await time(rawReport, RAW_ITERATIONS, 90_000);

  // Every report shape the screens ask for: the busiest affiliate's own, and the network's (staff
  // with statistics, over every affiliate).
  const network = { figures: true };
  const grouped = (group_by: string) => statisticsQuerySchema.parse({ from, to, group_by });
  const retentionQuery = retentionQuerySchema.parse({ from, to });
  const shapes: Array<{ name: string; goal: number; run: () => Promise<unknown> }> = [
    { name: 'affiliate: daily', goal: GOAL_DAILY_P95_MS, run: rollupReport },
    { name: 'affiliate: by offer', goal: GOAL_P95_MS, run: () => report(app.db, affiliateScope(affiliateId), grouped('offer')) },
    { name: 'affiliate: by sub ID', goal: GOAL_P95_MS, run: () => report(app.db, affiliateScope(affiliateId), grouped('sub1')) },
    { name: 'affiliate: by country', goal: GOAL_P95_MS, run: () => report(app.db, affiliateScope(affiliateId), grouped('country')) },
    { name: 'affiliate: by device', goal: GOAL_P95_MS, run: () => report(app.db, affiliateScope(affiliateId), grouped('device')) },
    { name: 'affiliate: retention', goal: GOAL_P95_MS, run: () => retention(app.db, affiliateScope(affiliateId), retentionQuery) },
    { name: 'affiliate: dashboard', goal: GOAL_P95_MS, run: () => dashboard(app.db, affiliateScope(affiliateId), { figures: false }) },
    { name: 'network: daily', goal: GOAL_DAILY_P95_MS, run: () => report(app.db, networkScope, query, network) },
    { name: 'network: by offer', goal: GOAL_P95_MS, run: () => report(app.db, networkScope, grouped('offer'), network) },
    { name: 'network: by affiliate', goal: GOAL_P95_MS, run: () => report(app.db, networkScope, grouped('affiliate'), network) },
    { name: 'network: by sub ID', goal: GOAL_P95_MS, run: () => report(app.db, networkScope, grouped('sub1'), network) },
    { name: 'network: by country', goal: GOAL_P95_MS, run: () => report(app.db, networkScope, grouped('country'), network) },
    { name: 'network: by device', goal: GOAL_P95_MS, run: () => report(app.db, networkScope, grouped('device'), network) },
    { name: 'network: retention', goal: GOAL_P95_MS, run: () => retention(app.db, networkScope, retentionQuery) },
    { name: 'network: dashboard', goal: GOAL_P95_MS, run: () => dashboard(app.db, networkScope, network) },
  ];
  const shapeTimes: Array<{ name: string; goal: number; times: number[]; load: number }> = [];
  for (const shape of shapes) {
    const times = await time(shape.run, ITERATIONS, SHAPE_SECONDS * 1000);
    shapeTimes.push({ name: shape.name, goal: shape.goal, times, load: loadavg()[0] ?? 0 });
  }
  const rollupTimes = shapeTimes[0]!.times;

  const viaRollup = await rollupReport();
  const viaRaw = await rawReport();
  const sum = (rows: Array<{ clicks: number; unique_clicks: number; conversions: number; earnings: number }>) =>
    rows.reduce((t, r) => ({ clicks: t.clicks + r.clicks, unique: t.unique + r.unique_clicks, conversions: t.conversions + r.conversions, cents: t.cents + Math.round(r.earnings * 100) }), {
      clicks: 0,
      unique: 0,
      conversions: 0,
      cents: 0,
    });
  const a = sum(viaRollup.rows);
  const b = sum(viaRaw);
  const sameDays = viaRollup.rows.length === viaRaw.length && viaRollup.rows.every((r, i) => r.date === viaRaw[i]!.date && r.clicks === viaRaw[i]!.clicks && r.conversions === viaRaw[i]!.conversions);
  const same = sameDays && a.clicks === b.clicks && a.unique === b.unique && a.conversions === b.conversions && a.cents === b.cents;

  const p = (xs: number[], n: number) => fmt(percentile(xs, n), 2);
  const rollupP95 = percentile(rollupTimes, 95);
  const rawP95 = percentile(rawTimes, 95);
  console.log('\nresults');
  console.log(`  daily report from the rollup   p50 ${p(rollupTimes, 50)} ms   p95 ${p(rollupTimes, 95)} ms   (${rollupTimes.length} runs)`);
  console.log(`  same report from raw rows      p50 ${p(rawTimes, 50)} ms   p95 ${p(rawTimes, 95)} ms   (${rawTimes.length} runs)`);
  console.log(`  ratio raw / rollup (p95): ${fmt(rawP95 / rollupP95, 1)}x faster from the rollup`);
  console.log(
    `\ncheck: both give the same report: clicks ${fmt(a.clicks)} / ${fmt(b.clicks)}, unique ${fmt(a.unique)} / ${fmt(b.unique)}, conversions ${fmt(a.conversions)} / ${fmt(b.conversions)}, earnings $${fmt(a.cents / 100, 2)} / $${fmt(b.cents / 100, 2)}   ${same ? 'PASS' : 'FAIL'}`,
  );
  console.log('\ngoals (each shape: p50 and p95 of its runs, the load average when it ended)');
  for (const t of shapeTimes) {
    const p95 = percentile(t.times, 95);
    console.log(goalLine(`${t.name.padEnd(22)} p95 <= ${t.goal} ms`, p95 <= t.goal, `p50 ${p(t.times, 50)} ms, p95 ${fmt(p95, 2)} ms (${t.times.length} runs, load ${fmt(t.load, 1)})`));
  }
  if (KEEP) {
    console.log(`\n--keep: database ${database.name} is left for EXPLAIN; drop it with: dropdb -h 127.0.0.1 -U postgres ${database.name}`);
    keepDatabase(database.name);
  }
}

runBenchmark(main);
