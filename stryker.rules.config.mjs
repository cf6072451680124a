// @ts-check
/**
 * Mutation testing of the contracts rules and the tracking money code (docs/testing.md).
 * `npm run mutation` runs this and stryker.money.config.mjs; not part of `npm test`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker/vitest.rules.config.ts' },
  mutate: [
    'packages/contracts/src/rules/*.ts',
    '!packages/contracts/src/rules/*.test.ts',
    '!packages/contracts/src/rules/index.ts',
    'apps/api/src/modules/tracking/money.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/rules.html' },
  jsonReporter: { fileName: 'reports/mutation/rules.json' },
  tempDirName: '.stryker-tmp',
  // Reruns test only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/mutation/rules-incremental.json',
  ignorePatterns: ['reports', 'apps/web/dist', 'apps/web/dist-gallery', 'test-results', 'playwright-report'],
};
