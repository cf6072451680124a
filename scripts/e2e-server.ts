// The server the browser tests use: the production build on a fresh embedded database.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR ?? '.data-e2e';
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
process.env.DEMO_DATA ??= '1';
process.env.LOG_LEVEL ??= 'warn';

await import('../apps/api/src/server.ts');
