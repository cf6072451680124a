import type { BillerEventType } from '@portal/contracts';
import { currencyOf, minorOf } from './amounts.ts';
import type { BillerPost, RefusedPost } from './types.ts';

/** The post's fields in one record: the query string, then the body's fields over it. */
export const fieldsOf = (post: BillerPost): Record<string, string> => ({ ...post.query, ...post.body });

/** The first non-empty value among the names, trimmed, or null. */
export function firstOf(f: Record<string, string>, ...names: string[]): string | null {
  for (const name of names) {
    const v = f[name]?.trim();
    if (v) return v;
  }
  return null;
}

/** The event types that move money, and so need the biller's transaction id. */
export const movesMoney = (type: BillerEventType): boolean =>
  type === 'sale' || type === 'rebill' || type === 'refund' || type === 'chargeback' || type === 'void';

/** Refunds, chargebacks and voids: the event types that take money back. */
const takesBack = (type: BillerEventType): boolean => type === 'refund' || type === 'chargeback' || type === 'void';

/**
 * An amount and its currency as a biller writes them ("9.95", "EUR" or "978"). Billers write a
 * credit or chargeback either way ("-9.95" or "9.95"): the sign is the event type's, so it is dropped.
 * A negative price of a sale or rebill is no sale: refused. No amount at all is 0; no currency is USD.
 */
export function amountOf(
  amount: string | null,
  currencyText: string | null,
  amountField: string,
  type: BillerEventType,
): { amountMinor: number; currency: string } | RefusedPost {
  const currency = currencyText === null ? 'USD' : currencyOf(currencyText);
  if (!currency) return { refused: `Unknown currency ${currencyText}.` };
  if (amount === null) return { amountMinor: 0, currency };
  if (amount.trim().startsWith('-') && !takesBack(type)) return { refused: `The ${amountField} is negative.` };
  const amountMinor = minorOf(amount.replace(/^-/, ''), currency);
  if (amountMinor === undefined) return { refused: `The ${amountField} is not an amount.` };
  return { amountMinor, currency };
}
