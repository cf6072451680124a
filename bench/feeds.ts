// Feed speed (issue 16, Tests and speed).
//   npm run bench:feeds [-- --items=100000 --rounds=300] [-- --postgres]
// Builds the real app in this process on an embedded database (PGlite; --postgres: a
// bench_<random> database on BENCH_DATABASE_URL, dropped afterwards), writes a catalogue of
// 100,000 scenes of 5 sites straight in SQL, makes one affiliate with a feed key, and listens on
// a free port. Then, interleaved in the same run against the same server:
//   - warm: GET /feeds/{key}/scenes.json?limit=100 again and again (the rendered feed is cached by ETag);
//   - cold: the same request after a catalogue change each time, so nothing is cached (key check,
//     items query, tracking codes for the 100 items, rendering);
//   - static: a bare JSON file of the same size served by the same server's static file plugin.
// Prints p50 / p95 of each and the ratios to static. Goal: warm p95 under 20 ms. Reports, never gates.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { uploadsDir } from '../apps/api/src/modules/uploads/storage.ts';
import { createDatabase, describeMachine, fmt, goalLine, onCleanup, runBenchmark, tempDir, numberOption } from './support/common.ts';

const ITEMS = numberOption('items', 100_000, 2_000_000);
const ROUNDS = numberOption('rounds', 300, 10_000);
const COLD_EVERY = 3;
const LIMIT = 100;
const GOAL_P95_MS = 20;
const usePostgres = process.argv.includes('--postgres');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status };
}

async function main(): Promise<void> {
  console.log(`Feeds: the newest ${LIMIT} scenes from a catalogue of ${fmt(ITEMS)}, warm and cold, against a static JSON file of the same size`);
  const dataDir = tempDir('bench-feeds-');
  const database = usePostgres ? await createDatabase() : undefined;
  console.log(describeMachine(usePostgres ? 'PostgreSQL on 127.0.0.1' : 'PGlite (embedded, in this process)'));
  const port = 3000 + Math.floor(Math.random() * 1000) + 2000;
  const config = {
    ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', JOBS_WORKER: '0', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    ...(database ? { database: { kind: 'postgres' as const, url: database.url } } : {}),
  };
  const app = await buildApp(config);
  onCleanup(() => app.close());
  const db = app.db;

  const t0 = performance.now();
  await db.execute(sql`insert into sites (name, display_name, url) select 'bench' || g, 'Bench ' || g, 'https://bench' || g || '.example' from generate_series(1, 5) g`);
  await db.execute(sql`insert into offers (site_id, name, payout_type, goal, default_payout) select id, name || ' offer', 'cpa', 'sale', 3000 from sites`);
  await db.execute(sql`
    insert into catalogue_items (site_id, kind, external_id, name, description, url, tags, models, images, image_sources, fov, projection, resolution, duration_seconds, published_at, content_hash, updated_at)
    select s.id, 'scene', 'ext-' || g, 'Scene ' || g || ' at the Penthouse', 'A cinematic VR scene number ' || g || ' with two models.',
           s.url || '/scenes/' || g, '["pov","romantic","8k"]'::jsonb, '["Ava Lux","Mia Vale"]'::jsonb,
           jsonb_build_array(jsonb_build_object('card', '/uploads/catalogue/' || g || '-card.webp', 'large', '/uploads/catalogue/' || g || '-large.webp', 'width', 1280, 'height', 720)),
           '[]'::jsonb, case when g % 4 = 0 then 360 else 180 end, 'equirectangular', '8K', 1200 + g % 2400,
           now() - (g || ' minutes')::interval, md5(g::text), now() - (g || ' minutes')::interval
      from generate_series(1, ${ITEMS}::int) g
      join sites s on s.name = 'bench' || (1 + g % 5)`);
  await db.execute(sql`insert into users (email, name, is_client, is_active) values ('feed@bench.example', 'Feed Affiliate', true, true)`);
  await db.execute(sql`insert into feed_keys (affiliate_id, key) select id, 'fk_benchmarkfeedkey00000000000000' from users where email = 'feed@bench.example'`);
  await db.execute(sql`analyze catalogue_items`);
  console.log(`data: ${fmt(ITEMS)} scenes of 5 sites written in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const feedUrl = `${base}/feeds/fk_benchmarkfeedkey00000000000000/scenes.json?limit=${LIMIT}`;
  const first = await fetch(feedUrl);
  const body = await first.text();
  if (first.status !== 200) throw new Error(`feed answered ${first.status}: ${body.slice(0, 200)}`);
  const parsed = JSON.parse(body) as { total: number; items: Array<{ link: string }> };
  console.log(`feed: ${fmt(body.length)} bytes, ${parsed.items.length} items of ${fmt(parsed.total)}, links like ${parsed.items[0]?.link}`);
  writeFileSync(join(uploadsDir(app.config), 'bench-feed.json'), body);
  const staticUrl = `${base}/uploads/bench-feed.json`;

  // Warm-up of every path (JIT, statement plans, file cache).
  for (let i = 0; i < 20; i++) {
    await timed(feedUrl);
    await timed(staticUrl);
  }
  const warm: number[] = [];
  const cold: number[] = [];
  const bare: number[] = [];
  let notModified = 0;
  const etag = first.headers.get('etag') ?? '';
  for (let i = 0; i < ROUNDS; i++) {
    bare.push((await timed(staticUrl)).ms);
    warm.push((await timed(feedUrl)).ms);
    if (i % COLD_EVERY === 0) {
      // A change to the catalogue (outside the timing) gives the feed a new ETag: the next request builds it anew.
      await db.execute(sql`update catalogue_items set updated_at = now() where id = (select max(id) from catalogue_items)`);
      cold.push((await timed(feedUrl)).ms);
    }
    if (i % 50 === 0 && (await timed(feedUrl, { 'if-none-match': etag })).status === 304) notModified++;
  }
  const line = (name: string, xs: number[]) => `  ${name.padEnd(8)} p50 ${fmt(pct(xs, 50), 2).padStart(7)} ms   p95 ${fmt(pct(xs, 95), 2).padStart(7)} ms   (${xs.length} requests)`;
  console.log(line('static', bare));
  console.log(line('warm', warm));
  console.log(line('cold', cold));
  console.log(`  ratio p95 warm / static ${fmt(pct(warm, 95) / pct(bare, 95), 2)}x, cold / static ${fmt(pct(cold, 95) / pct(bare, 95), 2)}x; If-None-Match answered 304: ${notModified}/${Math.ceil(ROUNDS / 50)}`);
  console.log(goalLine(`warm p95 under ${GOAL_P95_MS} ms`, pct(warm, 95) < GOAL_P95_MS, `${fmt(pct(warm, 95), 2)} ms`));
}

runBenchmark(main);
