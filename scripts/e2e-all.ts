// The browser tests of `npm run test:e2e`. The demo network is seeded once (scripts/e2e-seed.ts)
// while the shipped build and the gallery's build are made (the seeding needs neither), and the
// widget gallery's run goes as soon as its build is there (its server needs no demo). Then the
// specs run in streams side by side (E2E_STREAMS, default 3): each stream has its own server,
// started once from a copy of the seeded data directory, and its own mail sink (everything is
// keyed by the port), so no stream sees another's changes; a stream runs one spec at a time, at
// one width (every spec at 1440 px, those with `@layout` tests at 375 px too:
// playwright.config.ts), taking the next one from a queue that starts with the longest, until none
// is left. A browser test mostly waits on a page or the server, so three streams keep two cores
// busier than two halves did, and a queue ends them together where fixed halves did not.
// Extra arguments go to every run; spec files among them replace the queue
// (`npm run test:e2e -- e2e/money.spec.ts`). E2E_PORT moves the ports (default 3100, 3200, ...; the
// gallery base + 50). Prints each spec's time at the end. Exits non-zero when any run fails.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mailDirOf, serverEnvWithSmtp, smtpPortOf } from '../e2e/support/env.ts';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';

const args = process.argv.slice(2);
const named = args.filter((a) => a.endsWith('.spec.ts'));
const extra = args.filter((a) => !a.endsWith('.spec.ts'));
const base = Number(process.env.E2E_PORT ?? 3100);
const streams = Math.max(1, Number(process.env.E2E_STREAMS ?? 3));
const seedDir = `.data-e2e-seed-${base}`;

function spawnPrefixed(label: string, command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk: Buffer, out: NodeJS.WriteStream) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', (c: Buffer) => prefix(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => prefix(c, process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Playwright, each run its own output folder: two runs in one would remove each other's traces and screenshots. */
function playwright(label: string, port: number, argv: string[], env: Record<string, string> = {}): Promise<number> {
  return spawnPrefixed(label, 'npx', ['playwright', 'test', '--output', `test-results/${label}`, ...argv, ...extra], { ...process.env, ...env, E2E_PORT: String(port) });
}

const started = Date.now();
const since = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
const npm = (label: string, script: string) => spawnPrefixed(label, 'npm', ['run', script], process.env);

// ---- the queue: one job per spec and width, the longest first ----

interface Job {
  file: string;
  project: 'desktop' | 'mobile';
  /** Part of a long spec (its tests' titles), run as a job of its own. */
  grep?: string;
  weight: number;
}

/** Specs whose tests are long enough to split across streams, by the start of their titles. */
const parts: Record<string, string[]> = {
  'accessibility-states.spec.ts': ['every page of an affiliate', 'every page of staff'],
};
/** Specs known to take longest for their size (every page through axe): first in the queue. */
const heavy: Record<string, number> = { 'accessibility-states.spec.ts': 8, 'accessibility.spec.ts': 3 };

function jobs(): Job[] {
  const files = named.length ? named.map((f) => f.replace(/^.*[\\/]/, '')) : readdirSync('e2e').filter((f) => f.endsWith('.spec.ts') && f !== 'forms.spec.ts');
  const list: Job[] = [];
  for (const file of files) {
    const text = readFileSync(`e2e/${file}`, 'utf8');
    const tests = Math.max(1, (text.match(/^\s*test\(/gm) ?? []).length);
    const layout = (text.match(/@layout/g) ?? []).length;
    const size = text.length * (heavy[file] ?? 1);
    const widths: Job['project'][] = layout > 0 ? ['desktop', 'mobile'] : ['desktop'];
    for (const project of widths) {
      const weight = project === 'mobile' ? (size * Math.min(layout, tests)) / tests : size;
      const split = parts[file];
      if (split) for (const grep of split) list.push({ file, project, grep, weight: weight / split.length });
      else list.push({ file, project, weight });
    }
  }
  return list.sort((a, b) => b.weight - a.weight);
}

// ---- a stream: a server and a mail sink, then specs one at a time ----

async function healthy(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

interface Ran {
  job: Job;
  stream: number;
  code: number;
  seconds: number;
}

async function stream(n: number, queue: Job[], ran: Ran[]): Promise<boolean> {
  const port = base + n * 100;
  const url = `http://127.0.0.1:${port}`;
  const stopSink = await startSmtpSink(smtpPortOf(port), mailDirOf(port));
  const server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: `.data-e2e-${port}`, PUBLIC_URL: url, E2E_SEED_DIR: seedDir, ...serverEnvWithSmtp(smtpPortOf(port)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = `stream-${n + 1}`;
  const log = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[${label}] [server] ${line}\n`);
  };
  server.stdout.on('data', log);
  server.stderr.on('data', log);
  const ok = await healthy(url, 300_000);
  // The first pages once, so the first test's sign-in does not pay for the server's first answers.
  if (ok) await Promise.all(['/', '/signin', '/v1/config'].map((path) => fetch(`${url}${path}`).then((r) => r.arrayBuffer()).catch(() => undefined)));
  // A stream whose server never answers leaves its specs to the others.
  if (!ok) console.error(`[${label}] the server did not answer /health`);
  let count = 0;
  for (let job = ok ? queue.shift() : undefined; job; job = queue.shift()) {
    count++;
    const t0 = Date.now();
    const argv = [`e2e/${job.file}`, '--project', job.project, '--pass-with-no-tests', ...(job.grep ? ['--grep', job.grep] : [])];
    const code = await playwright(`${label}-${count}`, port, argv, { E2E_EXTERNAL_SERVER: '1' });
    ran.push({ job, stream: n + 1, code, seconds: (Date.now() - t0) / 1000 });
  }
  server.kill('SIGTERM');
  await stopSink();
  console.log(`browser tests: stream ${n + 1} done (${since()})`);
  return ok;
}

// ---- the run ----

// The builds one after the other (each takes both cores for a while), beside the seeding, which
// mostly waits on its database; the gallery's run starts as soon as its build is there.
const built = npm('build', 'build');
const galleryBuilt = built.then((code) => (code === 0 ? npm('build', 'build:gallery') : code));
const gallery = named.length
  ? Promise.resolve(0)
  : galleryBuilt.then(async (code) => {
      if (code !== 0) return code;
      const result = await playwright('gallery', base + 50, ['--pass-with-no-tests'], { E2E_GALLERY: '1' });
      console.log(`browser tests: gallery ${result === 0 ? 'passed' : 'failed'} (${since()})`);
      return result;
    });
const [seeded, shipped] = await Promise.all([
  spawnPrefixed('seed', process.execPath, ['scripts/e2e-seed.ts', seedDir], { ...process.env, PUBLIC_URL: `http://127.0.0.1:${base}` }).then((code) => {
    console.log(`browser tests: demo network ${code === 0 ? 'seeded' : 'not seeded'} (${since()})`);
    return code;
  }),
  built,
]);
if (shipped !== 0) {
  console.error('browser tests: the web app could not be built');
  process.exit(1);
}
if (seeded !== 0) {
  console.error('browser tests: the demo network could not be seeded');
  process.exit(1);
}
const queue = jobs();
const total = queue.length;
const ran: Ran[] = [];
const serversUp = await Promise.all(Array.from({ length: Math.min(streams, total) }, (_, n) => stream(n, queue, ran)));
const galleryCode = await gallery;
if ((await galleryBuilt) !== 0) console.error('browser tests: the gallery could not be built');

const line = (r: Ran) => `${r.seconds.toFixed(0).padStart(5)} s  stream ${r.stream}  ${r.code === 0 ? 'passed' : 'FAILED'}  ${r.job.file} ${r.job.project}${r.job.grep ? ` (${r.job.grep})` : ''}`;
console.log(`browser tests: ${ran.length} of ${total} runs, each spec's time:`);
for (const r of [...ran].sort((a, b) => b.seconds - a.seconds)) console.log(line(r));
const passed = serversUp.every(Boolean) && ran.length === total && ran.every((r) => r.code === 0) && galleryCode === 0 && (await galleryBuilt) === 0;
console.log(`browser tests: ${passed ? 'passed' : 'failed'} (${since()})`);
process.exit(passed ? 0 : 1);
