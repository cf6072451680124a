// The demo network of the browser tests, seeded once per run into a data directory that each e2e
// server then starts from a copy of (scripts/e2e-all.ts passes it as E2E_SEED_DIR to
// scripts/e2e-server.ts): one seeding of 90 days of traffic instead of one per server. Seeded by the
// app itself, as the e2e server would, but without its job worker: the jobs the demo queues (the
// catalogue syncs) run on each server that starts from the copy, as they would after its own seeding.
// Usage: node scripts/e2e-seed.ts <dir>
import { rmSync } from 'node:fs';
import { e2eServerEnv } from '../e2e/support/env.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/e2e-seed.ts <data dir>');
rmSync(dir, { recursive: true, force: true });
Object.assign(process.env, { ...e2eServerEnv, DATA_DIR: dir, NODE_ENV: 'production', DEMO_DATA: '1', LOG_LEVEL: 'warn', JOBS_WORKER: '0' });
process.env.PUBLIC_URL ??= 'http://127.0.0.1:3100';

const started = Date.now();
const { loadConfig } = await import('../apps/api/src/config.ts');
const { buildApp } = await import('../apps/api/src/app.ts');
const app = await buildApp(loadConfig());
await app.close();
console.log(`demo network seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
