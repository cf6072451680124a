import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against the contracts rules and the tracking money code (fast, no database). */
export default defineConfig({
  test: {
    include: ['packages/contracts/src/**/*.test.ts', 'apps/api/src/lib/money-units.test.ts', 'apps/api/src/lib/rules.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
