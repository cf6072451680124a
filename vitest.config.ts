import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
// Migrates once per run; each file's fresh database starts from that copy (apps/api/test/global-setup.ts).
const globalSetup = ['apps/api/test/global-setup.ts'];

/**
 * The API suite runs on the embedded database (the same PostgreSQL engine, in the process). With
 * TEST_DATABASE_URL set, the files below run again on a PostgreSQL server: what only a server with
 * its pool of connections can prove. Requests at once (locks, races, pools, failover, instances),
 * among them everything that moves money at once, and the start on DATABASE_URL. A new file that
 * sends requests at once belongs here. Files that move money one request at a time run on the
 * embedded engine only (the same engine and SQL: one connection there, one request at a time here).
 */
const onPostgres = [
  // Requests at once, instances and failover.
  'billers-concurrency', 'caps-clicks', 'conversion-writers', 'conversions-channels', 'fresh-figures', 'caps-conversions', 'click-journal', 'click-spool', 'crash-and-failover', 'db-failover', 'fraud', 'instances',
  'payouts-close-races', 'payouts-mark-paid', 'payment-runs-concurrency', 'read-replica', 'refunds-concurrency', 'tracking-isolation',
  // Money moved by requests at once: held earnings released together, a burst of reports with rebills,
  // refunds and bonuses, many clicks and reports at once.
  'currencies', 'network-figures', 'tracking',
  // New money code whose rows the pg driver reads differently from the embedded engine (bigints, dates).
  'payment-runs', 'payment-runs-method',
  // Staff's decisions on a withheld referral commission at once: one wins, paid at most once.
  'referral-withheld',
  // The start on a server: migrations under the lock, the first owner.
  'first-start',
  // The job queue's and the postbacks' hand-written statements, whose rows the pg driver reads differently (bigint ids, dates).
  'postbacks',
].map((name) => `apps/api/test/${name}.test.ts`);

/**
 * Files that run the app on an on-disk embedded database or several instances on one: a VM context
 * makes them slower than a process of their own (`first-start` 13 s on forks and 88 s on vmThreads
 * for its restart test, `first-start-listen` 46 s and 108 s, `instances` 21 s and 26 s), so they keep
 * forks, in a project of their own (`--project 'api-pglite*'` runs both).
 */
const longRunning = ['first-start', 'first-start-listen', 'instances'].map((name) => `apps/api/test/${name}.test.ts`);

/**
 * The API files on PGlite share their workers' modules (`threads`, `isolate: false`): each file
 * builds its own app on its own database copy, so nothing but the loaded code carries over, and the
 * app's imports (about 2 s of CPU a file) are paid once per worker instead of once per file: about
 * a third less CPU than a fresh context per file (docs/testing.md, "CI time"). Module state that
 * outlives an app is kept per app or per database (a WeakMap on it), never global.
 * The web files keep `vmThreads` (a fresh context per file, the jsdom window made once per worker:
 * 44 % less time than forks; without isolation some of their files see earlier files' state).
 * The PostgreSQL project stays on forks (its failover files start and kill servers and processes).
 */
const apiProjects = [
  {
    test: {
      name: 'api-pglite',
      include: apiTests,
      exclude: [...configDefaults.exclude, ...longRunning],
      environment: 'node',
      pool: 'threads',
      isolate: false,
      env: { TEST_DB: 'pglite' },
      globalSetup,
    },
  },
  { test: { name: 'api-pglite-long', include: longRunning, environment: 'node', pool: 'forks', env: { TEST_DB: 'pglite' }, globalSetup } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ test: { name: 'api-postgres', include: onPostgres, environment: 'node', env: { TEST_DB: 'postgres' }, globalSetup } }]
    : []),
];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where most API
    // files wait on a database or a timer as often as they compute. Two there ran the suite in
    // 609 s instead of 891 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      ...apiProjects,
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
