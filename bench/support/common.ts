// Shared pieces of the benchmarks: a throw-away PostgreSQL database, the app (or a bare baseline
// server) as a child process pinned to one core, autocannon runs, percentiles and clean-up.
// Everything listens on and talks to 127.0.0.1 only.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startHaproxy as startBalancer, stopChild, waitForOk } from '../../apps/api/test/support/processes.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';

/**
 * A positive number option: `--name=N` on the command line, else `BENCH_NAME` in the environment, else
 * `fallback`; at most `max`. Whole numbers unless `fraction` (durations in seconds may be 2.5).
 */
export function numberOption(name: string, fallback: number, max: number, { fraction = false } = {}): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const v = Number(hit ? hit.slice(name.length + 3) : process.env[`BENCH_${name.toUpperCase()}`]);
  return Math.min(Number.isFinite(v) && v > 0 ? (fraction ? v : Math.floor(v)) : fallback, max);
}

/** The PostgreSQL server the benchmarks create their databases on. */
export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const cleanups: Array<() => Promise<void> | void> = [];
/** Runs at the end (in reverse order), also on Ctrl-C. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('clean-up step failed:', err instanceof Error ? err.message : err);
    }
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

/** Runs a benchmark's main: reports, never gates (exit 0 even when a goal is missed); cleans up. */
export function runBenchmark(main: () => Promise<void>): void {
  main()
    .catch((err: unknown) => {
      console.error('benchmark failed:', err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanupAll();
    });
}

/** Every URL a benchmark touches must be on 127.0.0.1. */
export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (host !== HOST) throw new Error(`benchmarks only talk to ${HOST}, not ${host}`);
}

/** The databases this run created: only their connections (and the server's shared processes) count as its PostgreSQL CPU. */
const ownDatabases = new Set<string>();

/** Databases left at the end for a look (EXPLAIN) instead of dropped: see `keepDatabase`. */
const keptDatabases = new Set<string>();
/** Leaves the database `name` (made by `createDatabase`) in place at clean-up; whoever asked drops it. */
export function keepDatabase(name: string): void {
  keptDatabases.add(name);
}

/** A new database bench_<random> (or BENCH_DB_PREFIX_<random>) on the server, dropped at clean-up. */
export async function createDatabase(): Promise<{ name: string; url: string }> {
  assertLocal(serverUrl);
  // BENCH_DB_PREFIX: another prefix for the database's name (several people sharing one server).
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bench'}_${randomBytes(6).toString('hex')}`;
  ownDatabases.add(name);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    if (keptDatabases.has(name)) return;
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
    console.log(`dropped database ${name}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export { freePort, stopChild };

let tasksetChecked: boolean | undefined;
export function hasTaskset(): boolean {
  if (tasksetChecked === undefined) {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
      tasksetChecked = true;
    } catch {
      tasksetChecked = false;
    }
  }
  return tasksetChecked;
}

/** Pins this process (the load generator) to core 1, when taskset exists. Answers a description. */
export function pinSelf(core = 1): string {
  if (!hasTaskset()) return 'taskset not found: load generator unpinned';
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
    return `load generator pinned to core ${core}`;
  } catch {
    return 'taskset failed: load generator unpinned';
  }
}

/** Starts a node process (Node of this run) pinned to core 0 when possible; killed at clean-up. */
export function startNode(script: string, args: string[], env: Record<string, string>, core = 0): ChildProcess {
  // BENCH_NODE_ARGS: extra Node flags for the servers, e.g. --cpu-prof to profile a run.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const cmd = hasTaskset() ? 'taskset' : process.execPath;
  const argv = hasTaskset() ? ['-c', String(core), process.execPath, ...nodeArgs, script, ...args] : [...nodeArgs, script, ...args];
  const child = spawn(cmd, argv, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`${script} exited with ${code ?? signal}\n${tail}`);
  });
  onCleanup(() => stopChild(child));
  return child;
}

/** Polls a local URL until it answers 200 (bounded). */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  assertLocal(url);
  await waitForOk(url, child, timeoutMs);
}

/** The app's server (apps/api/src/server.ts) on PostgreSQL, listening on 127.0.0.1; `dataDir` is its DATA_DIR. */
export async function startApp(databaseUrl: string, env: Record<string, string> = {}, core = 0): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = tempDir('portal-bench-');
  const child = startNode('apps/api/src/server.ts', [], {
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://${HOST}:${port}`,
    WEB_DIST: join(dataDir, 'no-web-build'),
    JWT_SECRET: 'benchmark-secret-that-is-long-enough-for-hs256',
    ADMIN_EMAIL: 'owner@bench.example',
    ADMIN_PASSWORD: 'bench-owner-pass-1',
    DEMO_DATA: '0',
    // Per-request info lines would measure the logger; warnings and errors still show.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...env,
  }, core);
  const url = `http://${HOST}:${port}`;
  await waitForHttp(`${url}/health`, child);
  return { url, child, dataDir };
}

/** HAProxy in front of the given servers (the cluster script's configuration), unpinned, stopped at clean-up. */
export async function startHaproxy(urls: string[]): Promise<{ url: string; child: ChildProcess }> {
  const balancer = await startBalancer(urls, tempDir('portal-bench-haproxy-'));
  onCleanup(() => stopChild(balancer.child));
  return balancer;
}

/** A bare baseline server (bench/support/bare-server.ts), on core 0 unless told. */
export async function startBare(mode: 'redirect' | 'conversion' | 'biller' | 'postback', core = 0, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = startNode('bench/support/bare-server.ts', [mode, String(port), ...extra], {}, core);
  const url = `http://${HOST}:${port}`;
  await waitForHttp(`${url}/ready`, child, 20_000);
  return { url, child };
}

// ---- load ----

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  status2xx: number;
  status3xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The run was stopped by the time bound before its fixed number of requests was done. */
  cut: boolean;
}

/** What a load takes but its duration or number of requests, which `measuredLoad` sets. */
export type LoadOptions = Omit<autocannon.Options, 'duration' | 'amount'>;

function toLoadResult(r: autocannon.Result, seconds: number, cut: boolean): LoadResult {
  return {
    requests: r.requests.total,
    seconds,
    rps: seconds > 0 ? r.requests.total / seconds : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    status2xx: r['2xx'],
    status3xx: r['3xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cut,
  };
}

async function run(opts: autocannon.Options, boundMs: number): Promise<LoadResult> {
  assertLocal(opts.url);
  let cut = false;
  const instance = autocannon(opts);
  // autocannon notices the end on its next one-second tick; time the run by its first request
  // and last answer instead, so a fixed-count run is not charged for that wait.
  let startedAt = performance.now();
  let lastAnswerAt = startedAt;
  instance.once('start', () => {
    startedAt = performance.now();
  });
  instance.on('response', () => {
    lastAnswerAt = performance.now();
  });
  const timer = setTimeout(() => {
    cut = true;
    instance.stop();
  }, boundMs);
  try {
    const result = await instance;
    return toLoadResult(result, Math.max(0.001, (lastAnswerAt - startedAt) / 1000), cut);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Work a server finishes after answering (clicks spooled to a file and loaded into PostgreSQL
 * later): awaited after the warm-up, before the measured run's CPU count starts, and after the
 * measured run, before it ends, so the measured run's CPU includes it and the warm-up's does not.
 */
export type Settle = (run: 'warmup' | 'measured', result: LoadResult) => Promise<void>;

/**
 * Loads a server for about `seconds`: a warm-up of `warmupSeconds` (its rate sizes the measured
 * run, its requests are not counted), then a run of a fixed number of requests, so every request
 * sent is answered and counted (a run cut at a deadline drops the answers in flight). Bounded at
 * three times the planned duration.
 */
export async function measuredLoad(
  base: LoadOptions,
  warmup: LoadOptions,
  seconds: number,
  warmupSeconds: number,
  server?: ChildProcess | ChildProcess[],
  settle?: Settle,
): Promise<{ warmup: LoadResult; measured: LoadResult; cpu: CpuPerRequest }> {
  const w = await run({ ...warmup, duration: warmupSeconds }, (warmupSeconds + 10) * 1000);
  await settle?.('warmup', w);
  const connections = base.connections ?? 10;
  const amount = Math.max(connections * 20, Math.round(w.rps * seconds));
  const before = cpuNow(server);
  const measured = await run({ ...base, amount }, (seconds * 3 + 10) * 1000);
  await settle?.('measured', measured);
  const after = cpuNow(server);
  const per = (a: number, b: number) => (measured.requests ? ((a - b) / measured.requests) * 1e6 : Number.NaN);
  return {
    warmup: w,
    measured,
    cpu: { serverUs: per(after.server, before.server), postgresUs: per(after.postgres, before.postgres), postgresSharedUs: per(after.postgresShared, before.postgresShared) },
  };
}

/**
 * The frame of a full-app-versus-bare-server benchmark: prints `title`, pins this process (the load generator) to core 1, prints the
 * machine and `load`; then creates a database, starts the app on it (with `env`) and runs `body` with a client to it, closed at the end.
 */
export async function appOnNewDatabase(
  title: string,
  load: string,
  env: Record<string, string>,
  body: (app: { url: string; child: ChildProcess; dataDir: string }, db: pg.Client, databaseUrl: string) => Promise<void>,
  placementNote = 'servers pinned to core 0',
): Promise<void> {
  console.log(title);
  const placement = pinSelf(1);
  console.log(describeMachine(`${hasTaskset() ? placementNote : 'taskset not found: servers unpinned'}, ${placement}; PostgreSQL unpinned`));
  console.log(load);

  const database = await createDatabase();
  const app = await startApp(database.url, env);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    await body(app, db, database.url);
  } finally {
    await db.end();
  }
}

/**
 * Loads the bare server, then the app, the same way (`load(url, server, run)` for each server's measured run and warm-up, see
 * `measuredLoad`; `settle` for the app's), and prints the measured
 * runs (`line` for each), their CPU per request and the ratio app / bare. Answers the app's measured run and the ratio.
 */
export async function loadBareThenApp(
  bare: Served,
  app: Served,
  load: (url: string, server: 'bare' | 'app', run: 'measured' | 'warmup') => LoadOptions,
  seconds: number,
  warmupSeconds: number,
  line: (name: string, r: LoadResult) => string,
  settle?: Settle,
): Promise<{ measured: LoadResult; ratio: number; cpu: { app: CpuPerRequest; bare: CpuPerRequest } }> {
  console.log('\nbare node:http ...');
  const bareRun = await measuredLoad(load(bare.url, 'bare', 'measured'), load(bare.url, 'bare', 'warmup'), seconds, warmupSeconds, bare.child);
  console.log('app ...');
  const appRun = await measuredLoad(load(app.url, 'app', 'measured'), load(app.url, 'app', 'warmup'), seconds, warmupSeconds, app.child, settle);

  const a = appRun.measured;
  const b = bareRun.measured;
  const ratio = a.rps / b.rps;
  console.log('\nresults (measured runs)');
  console.log(line('bare', b));
  console.log(line('app', a));
  console.log(cpuLine('bare', bareRun.cpu));
  console.log(cpuLine('app', appRun.cpu));
  console.log(`  ratio app / bare: ${fmt(ratio, 2)}`);
  return { measured: a, ratio, cpu: { app: appRun.cpu, bare: bareRun.cpu } };
}

/** A server under load: its address, and the processes whose CPU counts (instances and the load balancer in front of them). */
export interface Served {
  url: string;
  child: ChildProcess | ChildProcess[];
}

// ---- CPU time ----

/**
 * CPU time spent per request in the measured run, in microseconds: by the server process, and by
 * the PostgreSQL server's processes (its shared ones and the connections to the databases this run created). Unlike the rates, it barely moves when other work
 * shares the cores, so it is the number to compare between runs and changes.
 */
export interface CpuPerRequest {
  serverUs: number;
  postgresUs: number;
  /** The part of `postgresUs` spent by the server's shared processes (WAL writer, checkpointer, autovacuum), not a connection. */
  postgresSharedUs: number;
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** user + system CPU seconds of a process, from /proc (NaN where there is no /proc). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds used so far by the server processes and by PostgreSQL (its shared processes and the connections to this run's databases). */
export function cpuNow(server: ChildProcess | ChildProcess[] | undefined): { server: number; postgres: number; postgresShared: number } {
  let postgres = 0;
  let postgresShared = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        // A connection to a database this run did not create is someone else's work on a shared server.
        const connectedTo = /: \S+ (\S+) [^ ]+\(\d+\)/.exec(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '))?.[1];
        if (connectedTo && !ownDatabases.has(connectedTo)) continue;
        const cpu = cpuOf(Number(entry));
        postgres += cpu;
        if (!connectedTo) postgresShared += cpu;
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    postgres = Number.NaN;
    postgresShared = Number.NaN;
  }
  // Several processes (instances and their load balancer) count together.
  const servers = (Array.isArray(server) ? server : server ? [server] : []).filter((c) => c.pid);
  return { server: servers.length ? servers.reduce((sum, c) => sum + cpuOf(c.pid!), 0) : Number.NaN, postgres, postgresShared };
}

export const cpuLine = (name: string, cpu: CpuPerRequest) =>
  `  ${name.padEnd(10)} CPU per request: server ${Number.isNaN(cpu.serverUs) ? 'n/a' : `${fmt(cpu.serverUs)} µs`}` +
  (name === 'bare' ? '' : `, PostgreSQL ${Number.isNaN(cpu.postgresUs) ? 'n/a' : `${fmt(cpu.postgresUs)} µs (of it ${fmt(cpu.postgresSharedUs)} µs in its shared processes)`}`);

// ---- numbers ----

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function goalLine(label: string, ok: boolean, detail: string): string {
  return `  ${ok ? 'MET   ' : 'MISSED'} ${label}: ${detail}`;
}

/** One line with what this machine is and how the processes are placed. */
export function describeMachine(extra: string): string {
  return `machine: ${cpus().length} cores, Node ${process.version}, load average ${fmt(loadavg()[0] ?? 0, 1)}; ${extra}`;
}
