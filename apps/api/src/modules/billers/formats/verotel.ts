import type { BillerEventType } from '@portal/contracts';
import { hash } from 'node:crypto';
import { safeEqual } from '../../../lib/secrets.ts';
import { amountOf, fieldsOf, firstOf, movesMoney } from './fields.ts';
import type { AccountForFormat, BillerFormat, BillerPost, ParsedBillerEvent, RefusedPost } from './types.ts';

/**
 * Verotel / CardBilling FlexPay (docs/billers.md): a GET to the shop's postback URL with `event`,
 * `saleID`, `transactionID`, `referenceID`, `priceAmount`, `priceCurrency`, `parentID`,
 * `custom1..3`, `shopID`, ... and `signature`. Verotel answers nothing but the body `OK` as success.
 */

/** FlexPay subscription postback events. A one-off purchase's postback has no `event` (type=purchase). */
const eventTypes: Record<string, BillerEventType> = {
  initial: 'sale',
  purchase: 'sale',
  rebill: 'rebill',
  // An upgrade charges the buyer for the better plan of the same subscription.
  upgrade: 'rebill',
  credit: 'refund',
  chargeback: 'chargeback',
  cancel: 'cancellation',
  uncancel: 'uncancellation',
  expiry: 'expiration',
  downgrade: 'other',
  extend: 'other',
};

/**
 * FlexPay's signature, as Verotel's own client library computes it: every parameter but `signature`,
 * sorted by name, written `name=value`, joined with `:` after the signature key, then SHA-256 in
 * lower-case hex. (`key:name=value:name=value...`)
 */
export function verotelSignature(secret: string, params: Record<string, string>): string {
  const parts = Object.keys(params)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`);
  return hash('sha256', [secret, ...parts].join(':'), 'hex');
}

function parse(post: BillerPost, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const f = fieldsOf(post);
  if (!account.secret) return { refused: 'The account has no signature key set.' };
  const signature = f.signature?.trim().toLowerCase();
  if (!signature) return { refused: 'The post is not signed.' };
  if (!safeEqual(signature, verotelSignature(account.secret, f))) return { refused: 'Bad signature.' };

  const billerEvent = firstOf(f, 'event') ?? firstOf(f, 'type') ?? '';
  if (!billerEvent) return { refused: 'The post names no event.' };
  const type = eventTypes[billerEvent.toLowerCase()] ?? 'other';
  const saleId = firstOf(f, 'saleID');
  const txid = firstOf(f, 'transactionID');
  if (!saleId) return { refused: `The ${billerEvent} post has no saleID.` };
  if (movesMoney(type) && !txid) return { refused: `The ${billerEvent} post has no transactionID.` };

  const reversal = type === 'refund' || type === 'chargeback';
  // An upgrade starts a new sale; its postback names the sale it upgrades, whose click it keeps.
  const subscriptionId = billerEvent.toLowerCase() === 'upgrade' ? (firstOf(f, 'precedingSaleID', 'parentID') ?? saleId) : saleId;
  const amount = movesMoney(type)
    ? amountOf(firstOf(f, 'priceAmount', 'amount'), firstOf(f, 'priceCurrency', 'currency'), 'priceAmount', type)
    : { amountMinor: 0, currency: 'USD' };
  if ('refused' in amount) return amount;
  return {
    billerEvent,
    type,
    transactionId: movesMoney(type) ? txid : `${billerEvent}:${txid ?? saleId}`,
    subscriptionId,
    originalTransactionId: reversal ? firstOf(f, 'parentID') : null,
    cid: firstOf(f, account.passthroughField),
    ...amount,
  };
}

export const verotelFormat: BillerFormat = {
  biller: 'verotel',
  parse,
  okBody: 'OK',
  secretFields: [],
};
