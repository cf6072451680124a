import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
// Migrates once per run; each file's fresh database starts from that copy (apps/api/test/global-setup.ts).
const globalSetup = ['apps/api/test/global-setup.ts'];

// The API suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiProjects = [
  { test: { name: 'api-pglite', include: apiTests, environment: 'node', env: { TEST_DB: 'pglite' }, globalSetup } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ test: { name: 'api-postgres', include: apiTests, environment: 'node', env: { TEST_DB: 'postgres' }, globalSetup } }]
    : []),
];

export default defineConfig({
  test: {
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
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
