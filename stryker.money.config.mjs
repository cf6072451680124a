// @ts-check
/**
 * Mutation testing of the ledger, referral, period close and payout code (docs/testing.md).
 * Each mutant reruns the API tests that cover it on PGlite, so this run is long: concurrency 1
 * on a shared machine (stryker/base.mjs), and a minute before a mutant times out.
 */
import { mutationRun } from './stryker/base.mjs';

export default mutationRun({
  name: 'money',
  mutate: [
    'apps/api/src/modules/ledger/referral.ts',
    'apps/api/src/modules/ledger/reversals.ts',
    'apps/api/src/modules/ledger/balance.ts',
    'apps/api/src/modules/payouts/periods.ts',
    'apps/api/src/modules/payouts/close.ts',
    'apps/api/src/modules/payouts/transitions.ts',
  ],
  break: 85,
  timeoutMS: 60_000,
});
