/**
 * Runs N instances of the built app behind HAProxy on one PostgreSQL (docs/deploy.md).
 *
 *   DATABASE_URL=postgres://... node scripts/cluster.ts [instances=2] [port=8080]
 *
 * Each instance gets a data directory of its own under CLUSTER_DIR (default /tmp/portal-cluster),
 * as on separate machines; they share the database (and the signing secret kept there) and one
 * TAX_FORM_KEY (generated into CLUSTER_DIR once when not given). HAProxy (Debian's `haproxy`,
 * installed with apt-get when missing) balances round robin with no stickiness and checks
 * `GET /health` every second.
 *
 * Signals: SIGUSR2 restarts the instances one at a time (each drains: it stops taking
 * connections, finishes what it holds, flushes its click and conversion batches, and exits; HAProxy
 * retries refused connections on another instance); SIGTERM or SIGINT drains all and stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaproxy, haproxyConfig } from '../apps/api/src/lib/haproxy.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 2);
const port = Number(process.argv[3] ?? 8080);
const basePort = port + 1;
const dir = resolve(process.env.CLUSTER_DIR ?? '/tmp/portal-cluster');
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL (postgres://...) is required: instances share one PostgreSQL.');
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('instances: 1 to 32');
  process.exit(1);
}

mkdirSync(dir, { recursive: true });
const keyFile = join(dir, 'tax-form.key');
if (!process.env.TAX_FORM_KEY && !existsSync(keyFile)) writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
const taxFormKey = process.env.TAX_FORM_KEY ?? readFileSync(keyFile, 'utf8').trim();

const instances: { port: number; child?: ChildProcess; exited?: Promise<void> }[] = Array.from({ length: count }, (_, i) => ({ port: basePort + i }));

function startInstance(i: number): void {
  const inst = instances[i]!;
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    env: { ...process.env, PORT: String(inst.port), HOST: '127.0.0.1', DATA_DIR: join(dir, `instance-${i + 1}`), TAX_FORM_KEY: taxFormKey, TRUST_PROXY: '1', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  inst.child = child;
  inst.exited = new Promise((r) => child.once('exit', () => r()));
}

async function healthy(i: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${instances[i]!.port}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${i + 1} did not become healthy`);
}

async function stopInstance(i: number): Promise<void> {
  const inst = instances[i]!;
  inst.child?.kill('SIGTERM');
  await inst.exited;
}

const haproxyBin = ensureHaproxy();
const cfg = join(dir, 'haproxy.cfg');
writeFileSync(cfg, haproxyConfig({ port, instancePorts: instances.map((inst) => inst.port) }));

// The first instance migrates and seeds an empty database before the others start.
startInstance(0);
await healthy(0);
for (let i = 1; i < count; i++) startInstance(i);
await Promise.all(instances.map((_, i) => healthy(i)));
const haproxy = spawn(haproxyBin, ['-db', '-f', cfg], { stdio: 'inherit' });
console.log(`${count} instance(s) behind HAProxy at http://127.0.0.1:${port} (pid ${process.pid}; SIGUSR2 rolls a restart, SIGTERM stops)`);

let busy = false;
process.on('SIGUSR2', () => {
  if (busy) return;
  busy = true;
  void (async () => {
    for (let i = 0; i < count; i++) {
      await stopInstance(i);
      startInstance(i);
      await healthy(i);
      // Let HAProxy see it up again before the next one goes.
      await new Promise((r) => setTimeout(r, 1500));
    }
    console.log('rolling restart done');
    busy = false;
  })();
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void (async () => {
      await Promise.all(instances.map((_, i) => stopInstance(i)));
      haproxy.kill('SIGTERM');
      process.exit(0);
    })();
  });
}
