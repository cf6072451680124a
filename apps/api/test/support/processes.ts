/**
 * The built server (apps/api/src/server.ts) as real processes, for the tests of crashes and of
 * several instances behind a load balancer: what `kill -9` does cannot be shown in one process.
 * The benchmarks (bench/support/common.ts) start their servers and HAProxy with the same pieces.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaproxy, haproxyConfig } from '../../src/lib/haproxy.ts';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** Polls `GET url` until it answers 200 (a redirect is not an answer); fails early when the process dies. */
export async function waitForOk(url: string, child?: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    const ok = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) }).then(
      async (r) => (await r.arrayBuffer(), r.status === 200),
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM (a drain), then SIGKILL if the process has not gone within the bound. */
export async function stopChild(child: ChildProcess, timeoutMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * HAProxy in front of the given servers, with the configuration `scripts/cluster.ts` runs, its
 * file written into `dir`; answers once `/health` answers through it. Stopping it is the caller's.
 */
export async function startHaproxy(serverUrls: string[], dir: string): Promise<{ url: string; child: ChildProcess }> {
  const bin = ensureHaproxy();
  const port = await freePort();
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ port, instancePorts: serverUrls.map((u) => Number(new URL(u).port)) }));
  const child = spawn(bin, ['-db', '-f', cfg], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/health`, child, 20_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url, child };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** One key for every instance of a test: stored tax IDs must read back on each of them. */
export const sharedTaxFormKey = randomBytes(32).toString('hex');

/** Starts the server as a child process on a free port and waits for its health check. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(apiRoot, 'src/server.ts')], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      JWT_SECRET: '',
      TAX_FORM_KEY: sharedTaxFormKey,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines it wrote, for the message when it does not start.
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/health`, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${tail}`, { cause: err });
  }
  return { url, child, exited };
}

/** A drain (SIGTERM), forced after 15 seconds. */
export async function stopServer(p: ServerProcess | undefined): Promise<void> {
  if (p) await stopChild(p.child, 15_000);
}

/** Kills the process at once, as a crash or an out-of-memory kill would. */
export async function killServer(p: ServerProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}
