import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against the ledger, referral, period close and payout code (API tests on PGlite). */
export default defineConfig({
  test: {
    include: [
      'apps/api/src/modules/payouts/*.test.ts',
      'apps/api/src/modules/ledger/*.test.ts',
      'apps/api/test/ledger.test.ts',
      'apps/api/test/referrals.test.ts',
      'apps/api/test/payouts.test.ts',
      'apps/api/test/payouts-close.test.ts',
      'apps/api/test/payouts-properties.test.ts',
    ],
    environment: 'node',
    env: { TEST_DB: 'pglite' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
