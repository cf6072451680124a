// @ts-check
/**
 * What both mutation runs share (docs/testing.md): the Vitest runner with per-test coverage, one mutant
 * at a time on a shared machine, incremental reruns and the reports, each named after its run.
 * @param {{ name: string, mutate: string[], break: number, timeoutMS?: number }} run
 *   `name`: the run (its Vitest config is `stryker/vitest.<name>.config.ts`, its reports `reports/mutation/<name>*`);
 *   `break`: the score below which the run fails (also the "low" mark; "high" stays 90).
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationRun({ name, mutate, break: breakAt, timeoutMS }) {
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: `stryker/vitest.${name}.config.ts` },
    mutate,
    coverageAnalysis: 'perTest',
    concurrency: 1,
    ...(timeoutMS === undefined ? {} : { timeoutMS }),
    thresholds: { high: 90, low: breakAt, break: breakAt },
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: '.stryker-tmp',
    // Reruns test only the mutants whose code or tests changed.
    incremental: true,
    incrementalFile: `reports/mutation/${name}-incremental.json`,
    ignorePatterns: ['reports', 'apps/web/dist', 'apps/web/dist-gallery', 'test-results', 'playwright-report'],
  };
}
