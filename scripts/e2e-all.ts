// The browser tests of `npm run test:e2e`: the desktop (1440 px) and the phone (375 px) runs go side
// by side, each with its own server, database and mail sink (everything is keyed by E2E_PORT) and its
// own output folder (test-results/<run>), so neither sees the other's changes; the widget gallery's run follows. Extra arguments go to every
// run (`npm run test:e2e -- e2e/money.spec.ts`). Exits non-zero when any run fails.
import { spawn } from 'node:child_process';

interface Run {
  label: string;
  port: number;
  args: string[];
  env?: Record<string, string>;
}

const extra = process.argv.slice(2);

function run({ label, port, args, env }: Run): Promise<number> {
  return new Promise((resolve) => {
    // Each run its own output folder: two runs in one would remove each other's traces and screenshots.
    const child = spawn('npx', ['playwright', 'test', '--output', `test-results/${label}`, ...args, ...extra], {
      env: { ...process.env, ...env, E2E_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = (chunk: Buffer, out: NodeJS.WriteStream) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', (c: Buffer) => prefix(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => prefix(c, process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
const side = await Promise.all([
  run({ label: 'desktop', port: 3100, args: ['--project', 'desktop'] }),
  run({ label: 'mobile', port: 3200, args: ['--project', 'mobile'] }),
]);
const gallery = await run({ label: 'gallery', port: 3300, args: [], env: { E2E_GALLERY: '1' } });
const codes = [...side, gallery];
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`browser tests: desktop ${side[0] === 0 ? 'passed' : 'failed'}, mobile ${side[1] === 0 ? 'passed' : 'failed'}, gallery ${gallery === 0 ? 'passed' : 'failed'} (${minutes} min)`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
