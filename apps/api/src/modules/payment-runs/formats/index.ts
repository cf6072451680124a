/**
 * The payment files of a run, as pure functions: the file for each rail, the pre-flight check of
 * one item, and the bank's or wallet's answer read back. Nothing here reads the database or the
 * clock. docs/payouts-rails.md describes each format.
 */
import { achFile } from './nacha.ts';
import { sepaFile } from './sepa.ts';
import type { Rail, RunFile, RunFileInput } from './types.ts';
import { paxumFile, paypalFile, usdtFile } from './wallets.ts';

export * from './types.ts';
export { achTraceNumber, remittanceText, walletReference, wireReference } from './references.ts';
export { checkItem, isAbaRouting, isWalletAddress, NAME_LIMITS } from './check.ts';
export { isSepaCountry, isSepaTransfer, sepaText } from './sepa-zone.ts';
export { parseStatusFile } from './status.ts';
export { correctionWords, reasonText } from './reasons.ts';

/**
 * What a run of this rail shows above its items, whatever they are. PayPal's acceptable use
 * policy bars adult businesses: a network paying through it risks a frozen account.
 */
export const RAIL_WARNINGS: Readonly<Partial<Record<Rail, string>>> = {
  paypal: "PayPal's acceptable use policy bars adult businesses: paying affiliates through PayPal may get the network's PayPal account limited or frozen, with the money in it.",
};

/**
 * The file of a run for its rail. Deterministic: the same input gives the same bytes (the
 * message id and creation time come from the input). Throws `RunFileError` for input no file
 * can be made from (an item's paying account missing or of another rail); run `checkItem` first.
 */
export function makeRunFile(rail: Rail, input: RunFileInput): RunFile {
  switch (rail) {
    case 'wire':
      return sepaFile(input);
    case 'ach':
      return achFile(input);
    case 'paxum':
      return paxumFile(input);
    case 'paypal':
      return paypalFile(input);
    case 'usdt':
      return usdtFile(input);
  }
}
