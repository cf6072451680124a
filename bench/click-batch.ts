// The database's side of a durable click (issue 17), without HTTP: the click writer's own batch
// statement (clicks/click-writer.ts) run back to back on one connection, batches of 10, 30 and
// 60 clicks, and the CPU time of that connection's PostgreSQL process per click (from /proc).
//   npm run bench:click-batch [-- --clicks=20000]
// The same batches then run with `synchronous_commit = off` (never used by the app: a click is
// answered only once it is on disk), which shows how much of each batch is the commit's flush to
// disk. Then one merge of the rollup journal those clicks left (clicks/rollup-journal.ts), per click.
// Traffic as in bench/redirects.ts: 20,000 visitors, about 3 % bots, sub IDs, countries, devices.
// Reports, never gates.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { writeClicks } from '../apps/api/src/modules/clicks/click-writer.ts';
import { mergeClickJournal } from '../apps/api/src/modules/clicks/rollup-journal.ts';
import { statsDay } from '../apps/api/src/lib/days.ts';
import { createDatabase, describeMachine, fmt, numberOption, onCleanup, runBenchmark } from './support/common.ts';

const CLICKS = numberOption('clicks', 20_000, 1_000_000);
const BATCHES = [10, 30, 60];

/** user + system CPU seconds of a process. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'NL', 'ES', 'IT', 'CA', 'AU', 'JP', null];
const DEVICES = ['desktop', 'mobile', 'tablet', 'vr'];
const SUBS: Array<[string | null, string | null]> = [[null, null], [null, null], [null, null], ['banner', null], ['email', null], ['tube', 'top']];
let sequence = 0;

/** One batch's parameters, in the writer's column order (click-writer.ts `writeBatch`). */
function batch(size: number): unknown[][] {
  const now = new Date();
  const rows = Array.from({ length: size }, () => {
    const [sub1, sub2] = SUBS[rnd(SUBS.length)]!;
    return [
      `b${(sequence++).toString(36)}x${rnd(1e9).toString(36)}`,
      now.toISOString(),
      statsDay(now),
      1,
      1 + rnd(4),
      1,
      null,
      null,
      1,
      sub1,
      sub2,
      null,
      null,
      null,
      COUNTRIES[rnd(COUNTRIES.length)],
      DEVICES[rnd(DEVICES.length)],
      `visitor-${rnd(20_000)}`.padEnd(64, '0'),
      rnd(100) < 3,
      null,
      // Invalid reason (screening) and smart link: none.
      null,
      null,
      // Visitors the instance already counted in the last 24 hours skip the lookup.
      rnd(100) < 70,
      null,
    ];
  });
  return rows[0]!.map((_, column) => rows.map((r) => r[column]));
}

async function main(): Promise<void> {
  console.log('Click batches: PostgreSQL CPU per click of the click writer\'s statement, by batch size');
  console.log(describeMachine('PostgreSQL on 127.0.0.1, one connection'));
  const database = await createDatabase();
  const app = await openDatabase({ kind: 'postgres', url: database.url });
  onCleanup(() => app.close());
  const client = new pg.Client({ connectionString: database.url, options: '-c plan_cache_mode=auto' });
  await client.connect();
  onCleanup(() => client.end());
  const pid = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  const run = (size: number) => client.query({ name: writeClicks.name, text: writeClicks.text, values: batch(size) });

  for (const commit of ['on', 'off'] as const) {
    await client.query(`set synchronous_commit = ${commit}`);
    console.log(`\nsynchronous_commit = ${commit}${commit === 'on' ? ' (as the app runs)' : ' (reference only: what the flush to disk costs)'}`);
    for (const size of BATCHES) {
      for (let i = 0; i < 50; i++) await run(size);
      const batches = Math.ceil(CLICKS / size);
      const cpu0 = cpuOf(pid);
      const t0 = performance.now();
      for (let i = 0; i < batches; i++) await run(size);
      const clicks = batches * size;
      const us = ((cpuOf(pid) - cpu0) * 1e6) / clicks;
      console.log(
        `  batches of ${String(size).padStart(2)}: PostgreSQL ${fmt(us, 1).padStart(5)} µs a click (${fmt(us * size).padStart(5)} µs a batch), ` +
          `wall ${fmt(((performance.now() - t0) * 1000) / clicks, 1)} µs a click`,
      );
    }
  }
  const journal = Number((await client.query<{ n: string }>('select count(*) as n from click_rollup_journal')).rows[0]!.n);
  const merge0 = performance.now();
  const merged = await mergeClickJournal(app.db);
  console.log(`\nmerge of the rollup journal: ${fmt(merged)} clicks of ${fmt(journal)} in ${fmt(performance.now() - merge0)} ms`);
}

runBenchmark(main);
