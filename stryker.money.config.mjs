// @ts-check
/**
 * Mutation testing of the ledger, referral, period close and payout code (docs/testing.md).
 * Each mutant reruns the API tests that cover it on PGlite, so this run is long: concurrency 1
 * on a shared machine.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker/vitest.money.config.ts' },
  mutate: [
    'apps/api/src/modules/ledger/referral.ts',
    'apps/api/src/modules/ledger/reversals.ts',
    'apps/api/src/modules/ledger/balance.ts',
    'apps/api/src/modules/payouts/periods.ts',
    'apps/api/src/modules/payouts/close.ts',
    'apps/api/src/modules/payouts/transitions.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 60_000,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/money.html' },
  jsonReporter: { fileName: 'reports/mutation/money.json' },
  tempDirName: '.stryker-tmp',
  // Reruns test only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/mutation/money-incremental.json',
  ignorePatterns: ['reports', 'apps/web/dist', 'apps/web/dist-gallery', 'test-results', 'playwright-report'],
};
