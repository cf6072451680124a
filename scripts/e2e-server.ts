// The server the browser tests use: the production build on a fresh embedded database, or on a copy
// of the data directory E2E_SEED_DIR names (the demo network seeded once per run, scripts/e2e-seed.ts).
import { cpSync, rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR ?? '.data-e2e';
rmSync(dataDir, { recursive: true, force: true });
if (process.env.E2E_SEED_DIR) cpSync(process.env.E2E_SEED_DIR, dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
process.env.DEMO_DATA ??= '1';
process.env.LOG_LEVEL ??= 'warn';

await import('../apps/api/src/server.ts');
