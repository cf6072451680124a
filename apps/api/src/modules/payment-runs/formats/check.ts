import type { ItemProblem, PayingAccount, Rail, RunItem } from './types.ts';

/**
 * What a bank or wallet would refuse this item for, with what to fix; empty when it would pass.
 * Names are never refused for their accents (the file transliterates them: é -> e, ß -> ss).
 */
export function checkItem(rail: Rail, item: RunItem, payingAccount: PayingAccount | undefined): ItemProblem[] {
  void rail;
  void item;
  void payingAccount;
  throw new Error('not implemented yet');
}
