// The demo network's 90 days of traffic (seed/demo-tracking.ts) written on each database: the time
// it takes, and a digest of every table it writes, so a change to how it writes can show it writes
// the same rows (the same digests before and after; the demo runs at a fixed time here).
//   npm run bench:demo-seed [-- --engine=pglite|postgres]
// PostgreSQL: a new database on BENCH_DATABASE_URL's server (postgres@127.0.0.1:5432), dropped after.
// Reports, never gates.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import type { DatabaseConfig } from '../apps/api/src/config.ts';
import { sites, users } from '../apps/api/src/db/schema/index.ts';
import { seedDemoRates } from '../apps/api/src/seed/demo-rates.ts';
import { seedDemoTracking } from '../apps/api/src/seed/demo-tracking.ts';
import { createDatabase, describeMachine, fmt, runBenchmark, tempDir } from './support/common.ts';

const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
const engines: Array<'pglite' | 'postgres'> = engineArg === 'pglite' || engineArg === 'postgres' ? [engineArg] : ['pglite', 'postgres'];
const AT = new Date('2026-11-20T12:34:56Z');
/** The tables the demo traffic writes, and the columns left out of their digest (the time a row was made, which differs by run). */
const TABLES: Record<string, string[]> = {
  clicks: [],
  conversions: [],
  ledger_entries: [],
  stats_daily: [],
  stats_daily_totals: [],
  offers: ['created_at', 'updated_at'],
  landing_pages: ['created_at', 'updated_at'],
  campaigns: ['created_at', 'updated_at'],
};

async function run(engine: 'pglite' | 'postgres'): Promise<void> {
  const config: DatabaseConfig = engine === 'pglite' ? { kind: 'pglite', dir: tempDir('demo-seed-') } : { kind: 'postgres', url: (await createDatabase()).url };
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await seedDemoRates(db);
    await db.insert(sites).values(
      ['novavr', 'holostage', 'immersa'].map((name) => ({ name, displayName: name, url: `https://${name}.example`, description: name })),
    );
    const [affiliate] = await db.insert(users).values({ email: 'affiliate@example.com', name: 'Alex Rivera', isClient: true, isActive: true }).returning({ id: users.id });
    const cpu = process.cpuUsage();
    const started = performance.now();
    await seedDemoTracking(db, affiliate!.id, AT);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    console.log(`${engine}: 90 days of demo traffic in ${fmt(seconds, 2)} s (this process's CPU ${fmt((used.user + used.system) / 1e6, 2)} s)`);
    for (const [table, skipped] of Object.entries(TABLES)) {
      const columns = (await db.execute(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`)) as unknown as {
        rows: Array<{ column_name: string }>;
      };
      const list = columns.rows.map((c) => c.column_name).filter((c) => !skipped.includes(c)).map((c) => `"${c}"`).join(', ');
      const digest = (await db.execute(sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as md5 from (select ${list} from ${table}) t`))) as unknown as {
        rows: Array<{ n: number; md5: string }>;
      };
      console.log(`  ${table.padEnd(20)} ${String(digest.rows[0]!.n).padStart(7)} rows  ${digest.rows[0]!.md5}`);
    }
  } finally {
    await database.close();
  }
}

runBenchmark(async () => {
  console.log(describeMachine('demo traffic at a fixed time (2026-11-20T12:34:56Z)'));
  for (const engine of engines) await run(engine);
});
