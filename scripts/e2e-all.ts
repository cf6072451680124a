// The browser tests of `npm run test:e2e`. The demo network is seeded once (scripts/e2e-seed.ts)
// while the shipped build and the gallery's build are made (the seeding needs neither); then the
// widget gallery's run (its own server, no demo) goes beside the tests of both widths (every test at
// 1440 px, the `@layout` ones at 375 px too: playwright.config.ts), split in two halves (Playwright
// shards) that run side by side, each with its own server started from a copy of the seeded data
// directory, its own mail sink (everything is keyed by the port) and its own output folder
// (test-results/<run>), so neither sees the other's changes. `--prepare` makes the builds and the
// seeding only; E2E_PREPARED=1 skips them (scripts/test.ts). Extra arguments go to every run
// (`npm run test:e2e -- e2e/money.spec.ts`). E2E_PORT moves the ports (default 3100, 3200, 3300).
// Exits non-zero when any run fails.
import { spawn } from 'node:child_process';

interface Run {
  label: string;
  port: number;
  args: string[];
  env?: Record<string, string>;
}

const extra = process.argv.slice(2).filter((a) => a !== '--prepare');
const base = Number(process.env.E2E_PORT ?? 3100);
const seedDir = `.data-e2e-seed-${base}`;

function spawnPrefixed(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk: Buffer, out: NodeJS.WriteStream) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', (c: Buffer) => prefix(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => prefix(c, process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function run({ label, port, args, env }: Run): Promise<number> {
  // Each run its own output folder: two runs in one would remove each other's traces and screenshots.
  return spawnPrefixed(label, 'npx', ['playwright', 'test', '--output', `test-results/${label}`, ...args, ...extra], { ...process.env, ...env, E2E_PORT: String(port) });
}

const started = Date.now();
const since = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
const npm = (label: string, script: string) => spawnPrefixed(label, 'npm', ['run', script], process.env);

/** The builds one after the other (each takes both cores for a while), beside the seeding, which mostly waits on its database. */
async function prepare(): Promise<boolean> {
  const built = npm('build', 'build');
  const galleryBuilt = built.then((code) => (code === 0 ? npm('build', 'build:gallery') : code));
  const [seeded, shipped, gallery] = await Promise.all([
    spawnPrefixed('seed', process.execPath, ['scripts/e2e-seed.ts', seedDir], { ...process.env, PUBLIC_URL: `http://127.0.0.1:${base}` }).then((code) => {
      console.log(`browser tests: demo network ${code === 0 ? 'seeded' : 'not seeded'} (${since()})`);
      return code;
    }),
    built,
    galleryBuilt,
  ]);
  if (shipped !== 0 || gallery !== 0) console.error('browser tests: the web app could not be built');
  if (seeded !== 0) console.error('browser tests: the demo network could not be seeded');
  return shipped === 0 && gallery === 0 && seeded === 0;
}

// `--prepare`: the builds and the seeding only (scripts/test.ts runs it beside the unit tests, at a
// low priority, and then this script with E2E_PREPARED=1, which skips them).
if (process.argv.includes('--prepare')) process.exit((await prepare()) ? 0 : 1);
if (process.env.E2E_PREPARED !== '1' && !(await prepare())) process.exit(1);

// The gallery (its own build and a server without the demo) beside the two halves.
const gallery = run({ label: 'gallery', port: base + 200, args: ['--pass-with-no-tests'], env: { E2E_GALLERY: '1' } }).then((code) => {
  console.log(`browser tests: gallery ${code === 0 ? 'passed' : 'failed'} (${since()})`);
  return code;
});
const halves = await Promise.all(
  [1, 2].map((n) =>
    run({ label: `half-${n}`, port: base + (n - 1) * 100, args: ['--shard', `${n}/2`, '--pass-with-no-tests'], env: { E2E_SEED_DIR: seedDir } }).then((code) => {
      console.log(`browser tests: half ${n} ${code === 0 ? 'passed' : 'failed'} (${since()})`);
      return code;
    }),
  ),
);
const codes = [await gallery, ...halves];
console.log(`browser tests: ${codes.every((c) => c === 0) ? 'passed' : 'failed'} (${since()})`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
