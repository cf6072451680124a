import type { Biller } from '@portal/contracts';
import { ccbill } from './ccbill.ts';
import type { BillerFormat } from './types.ts';

/**
 * Each biller's format (docs/billers.md). A biller whose format is not here yet answers 404
 * "Unknown biller." at its postback address, like a name that is no biller.
 */
const formats: Record<Biller, BillerFormat | undefined> = {
  ccbill,
  epoch: undefined,
  segpay: undefined,
  verotel: undefined,
};

export function formatOf(biller: string): BillerFormat | undefined {
  return Object.hasOwn(formats, biller) ? formats[biller as Biller] : undefined;
}

export { isCcbillAddress } from './ccbill.ts';
export { type BillerPost, isRefused, type ParsedBillerEvent } from './types.ts';
