// @ts-check
/**
 * Mutation testing of the period close alone (docs/testing.md): `payouts/close.ts` against the API
 * tests that close periods, on PGlite. Part of the money run, measured on its own in minutes.
 */
import { mutationRun } from './stryker/base.mjs';

export default mutationRun({
  name: 'close',
  mutate: ['apps/api/src/modules/payouts/close.ts'],
  break: 85,
  timeoutMS: 60_000,
});
