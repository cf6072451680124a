import type { BillerEventType } from '@portal/contracts';
import { amountOf, fieldsOf, firstOf, movesMoney } from './fields.ts';
import type { AccountForFormat, BillerFormat, BillerPost, ParsedBillerEvent, RefusedPost } from './types.ts';

/**
 * CCBill webhooks (docs/billers.md): a POST, form-encoded or JSON, with the event's name in the
 * query string (`?eventType=NewSaleSuccess&eventGroupType=Subscription`). CCBill signs nothing: the
 * account key in our path is the secret, and its published address ranges may be required.
 */
const eventTypes: Record<string, BillerEventType> = {
  NewSaleSuccess: 'sale',
  UpSaleSuccess: 'sale',
  CrossSaleSuccess: 'sale',
  UpgradeSuccess: 'sale',
  RenewalSuccess: 'rebill',
  Refund: 'refund',
  Chargeback: 'chargeback',
  Void: 'void',
  Return: 'refund',
  Cancellation: 'cancellation',
  Expiration: 'expiration',
  UserReactivation: 'uncancellation',
  NewSaleFailure: 'failure',
  UpSaleFailure: 'failure',
  CrossSaleFailure: 'failure',
  UpgradeFailure: 'failure',
  RenewalFailure: 'failure',
};

/** CCBill's published webhook address ranges (64.38.212.1–254, 64.38.215.1–254, 64.38.240.1–254, 64.38.241.1–254). */
export const ccbillAddressPrefixes = ['64.38.212.', '64.38.215.', '64.38.240.', '64.38.241.'] as const;

/** Whether an address is one CCBill posts from (IPv4, or IPv4 mapped into IPv6). */
export function isCcbillAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const prefix = ccbillAddressPrefixes.find((p) => v4.startsWith(p));
  if (!prefix) return false;
  const last = Number(v4.slice(prefix.length));
  return /^\d{1,3}$/.test(v4.slice(prefix.length)) && last >= 1 && last <= 254;
}

/** Which amount and currency fields each kind of event carries: the billed ones first, the accounting (USD) ones as a fallback. */
const amountFields: Partial<Record<BillerEventType, Array<[amount: string, currency: string[]]>>> = {
  sale: [
    ['billedInitialPrice', ['billedCurrencyCode', 'billedCurrency']],
    ['accountingInitialPrice', ['accountingCurrencyCode', 'accountingCurrency']],
  ],
  rebill: [
    ['billedAmount', ['billedCurrencyCode', 'billedCurrency']],
    ['accountingAmount', ['accountingCurrencyCode', 'accountingCurrency']],
  ],
  refund: [
    ['amount', ['currencyCode', 'currency']],
    ['accountingAmount', ['accountingCurrencyCode', 'accountingCurrency']],
  ],
  chargeback: [
    ['amount', ['currencyCode', 'currency']],
    ['accountingAmount', ['accountingCurrencyCode', 'accountingCurrency']],
  ],
  void: [
    ['amount', ['currencyCode', 'currency']],
    ['accountingAmount', ['accountingCurrencyCode', 'accountingCurrency']],
  ],
};

/** Where a refund, chargeback or void post carries an id of its own (the refund's, not the sale's). */
const ownIdFields = ['refundTransactionId', 'refundId', 'chargebackTransactionId', 'voidTransactionId'];

/** The first amount field the event carries, read with its currency (fields.ts `amountOf`); none: 0 USD. */
function amountFor(type: BillerEventType, f: Record<string, string>): { amountMinor: number; currency: string } | RefusedPost {
  for (const [amountField, currencyFields] of amountFields[type] ?? []) {
    if (f[amountField] !== undefined) return amountOf(f[amountField], firstOf(f, ...currencyFields), amountField, type);
  }
  return { amountMinor: 0, currency: 'USD' };
}

function parse(post: BillerPost, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const f = fieldsOf(post);
  const billerEvent = post.query.eventType ?? post.body.eventType ?? '';
  if (!billerEvent) return { refused: 'The post names no eventType.' };
  const type = eventTypes[billerEvent] ?? 'other';
  const subscriptionId = f.subscriptionId || null;
  const txid = f.transactionId || null;
  // CCBill returns a custom form field `cid` as `X-cid`; look the name up without regard to case.
  const wanted = `x-${account.passthroughField}`.toLowerCase();
  const cidKey = Object.keys(f).find((k) => k.toLowerCase() === wanted);
  const cid = (cidKey ? f[cidKey]!.trim() : '') || null;
  const at = f.timestamp ?? '';

  let transactionId: string | null;
  let originalTransactionId: string | null = null;
  switch (type) {
    case 'sale':
    case 'rebill':
      transactionId = txid;
      break;
    case 'refund':
    case 'chargeback':
    case 'void': {
      // CCBill names the transaction taken back. The event's own id: that, its kind and the refund's
      // own id where the post carries one, else its amount and time (two partial refunds of one sale
      // are two refunds); a post with neither cannot be told from another refund of the sale.
      originalTransactionId = txid;
      const own = firstOf(f, ...ownIdFields);
      if (txid && !own && !at.trim()) return { refused: `The ${billerEvent} post has neither a refund id nor a timestamp.` };
      const amount = firstOf(f, 'amount', 'accountingAmount') ?? '';
      transactionId = txid ? (own ? `${billerEvent}:${txid}:${own}` : `${billerEvent}:${txid}:${amount.replace(/^-/, '')}:${at.trim()}`) : null;
      break;
    }
    default:
      transactionId = subscriptionId || txid ? `${billerEvent}:${subscriptionId ?? txid}:${at}` : null;
  }
  if (movesMoney(type) && !txid) return { refused: `The ${billerEvent} post has no transactionId.` };
  const amount = amountFor(type, f);
  if ('refused' in amount) return amount;
  return { billerEvent, type, transactionId, subscriptionId, originalTransactionId, cid, ...amount };
}

export const ccbill: BillerFormat = {
  biller: 'ccbill',
  parse,
  okBody: 'OK',
  // CCBill posts the consumer's chosen password with a new sale.
  secretFields: ['password'],
};
