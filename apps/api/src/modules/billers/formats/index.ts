import type { Biller } from '@portal/contracts';
import { ccbill } from './ccbill.ts';
import { epochFormat } from './epoch.ts';
import { segpayFormat } from './segpay.ts';
import { verotelFormat } from './verotel.ts';
import type { BillerFormat } from './types.ts';

/** Each biller's format (docs/billers.md); a name that is no biller answers 404 "Unknown biller." at its postback address. */
const formats: Record<Biller, BillerFormat> = {
  ccbill,
  epoch: epochFormat,
  segpay: segpayFormat,
  verotel: verotelFormat,
};

export function formatOf(biller: string): BillerFormat | undefined {
  return Object.hasOwn(formats, biller) ? formats[biller as Biller] : undefined;
}

export { isCcbillAddress } from './ccbill.ts';
export { type BillerPost, isRefused, type ParsedBillerEvent } from './types.ts';
