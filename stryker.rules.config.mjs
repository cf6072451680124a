// @ts-check
/**
 * Mutation testing of the contracts rules and the tracking money code (docs/testing.md).
 * `npm run mutation` runs this and stryker.money.config.mjs; not part of `npm test`. Shared settings: stryker/base.mjs.
 */
import { mutationRun } from './stryker/base.mjs';

export default mutationRun({
  name: 'rules',
  mutate: [
    'packages/contracts/src/rules/*.ts',
    '!packages/contracts/src/rules/*.test.ts',
    '!packages/contracts/src/rules/index.ts',
    'apps/api/src/lib/money-units.ts',
  ],
  break: 80,
});
