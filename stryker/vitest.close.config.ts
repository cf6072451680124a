import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against the period close alone (`stryker.close.config.mjs`): the API tests
 * that close periods, on PGlite, each test passing on its own (Stryker runs only the tests covering a
 * mutant). `payouts.test.ts` closes once for all its tests, so it is left out (docs/testing.md).
 */
export default defineConfig({
  test: {
    include: [
      'apps/api/test/payouts-close.test.ts',
      'apps/api/test/payouts-properties.test.ts',
      'apps/api/test/payouts-close-races.test.ts',
      'apps/api/test/payouts-schedule.test.ts',
    ],
    environment: 'node',
    env: { TEST_DB: 'pglite' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
