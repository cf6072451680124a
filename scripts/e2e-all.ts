// The browser tests of `npm run test:e2e`. The demo network is seeded once (scripts/e2e-seed.ts)
// while the shipped build and the gallery's build are made (the seeding needs neither) and the widget
// gallery's run goes (its server needs no demo); then the tests of both widths
// (every test at 1440 px, the `@layout` ones at 375 px too: playwright.config.ts) are split in two
// halves (Playwright shards) that run side by side, each with its own server started from a copy of
// the seeded data directory, its own mail sink (everything is keyed by the port) and its own output
// folder (test-results/<run>), so neither sees the other's changes. Extra arguments go to every run
// (`npm run test:e2e -- e2e/money.spec.ts`). E2E_PORT moves the ports (default 3100, 3200, 3300).
// Exits non-zero when any run fails.
import { spawn } from 'node:child_process';

interface Run {
  label: string;
  port: number;
  args: string[];
  env?: Record<string, string>;
}

const extra = process.argv.slice(2);
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
// The builds one after the other (each takes both cores for a while), beside the seeding, which
// mostly waits on its database; the gallery's run starts as soon as its build is there.
const built = npm('build', 'build');
const galleryBuilt = built.then((code) => (code === 0 ? npm('build', 'build:gallery') : code));
const [seeded, shipped, gallery] = await Promise.all([
  spawnPrefixed('seed', process.execPath, ['scripts/e2e-seed.ts', seedDir], { ...process.env, PUBLIC_URL: `http://127.0.0.1:${base}` }).then((code) => {
    console.log(`browser tests: demo network ${code === 0 ? 'seeded' : 'not seeded'} (${since()})`);
    return code;
  }),
  built,
  galleryBuilt.then(async (code) => {
    if (code !== 0) return code;
    const ran = await run({ label: 'gallery', port: base + 200, args: ['--pass-with-no-tests'], env: { E2E_GALLERY: '1' } });
    console.log(`browser tests: gallery ${ran === 0 ? 'passed' : 'failed'} (${since()})`);
    return ran;
  }),
]);
if (shipped !== 0 || (await galleryBuilt) !== 0) {
  console.error('browser tests: the web app could not be built');
  process.exit(1);
}
if (seeded !== 0) {
  console.error('browser tests: the demo network could not be seeded');
  process.exit(1);
}
const halves = await Promise.all(
  [1, 2].map((n) =>
    run({ label: `half-${n}`, port: base + (n - 1) * 100, args: ['--shard', `${n}/2`, '--pass-with-no-tests'], env: { E2E_SEED_DIR: seedDir } }).then((code) => {
      console.log(`browser tests: half ${n} ${code === 0 ? 'passed' : 'failed'} (${since()})`);
      return code;
    }),
  ),
);
const codes = [gallery, ...halves];
console.log(`browser tests: ${codes.every((c) => c === 0) ? 'passed' : 'failed'} (${since()})`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
