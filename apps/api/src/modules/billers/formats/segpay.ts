import type { BillerEventType } from '@portal/contracts';
import { safeEqual } from '../../../lib/secrets.ts';
import { amountOf, fieldsOf, firstOf, movesMoney } from './fields.ts';
import type { AccountForFormat, BillerFormat, BillerPost, ParsedBillerEvent, RefusedPost } from './types.ts';

/**
 * Segpay (docs/billers.md): the TransPost, a GET whose URL the merchant builds in Segpay's admin from
 * macros: `action=<action>&stage=<stage>&approved=<approved>&trantype=<trantype>&purchaseid=<purchaseid>
 * &tranid=<tranid>&relatedtranid=<relatedtranid>&price=<price>&currencycode=<currencycode>&cid=<extra cid>`
 * plus our `token`, the account's secret, compared in constant time. The same URL may serve the
 * member-management postbacks (Cancel, Disable, Reactivation), which carry `action` alone.
 */

/** The URL parameter carrying the account's token. */
export const SEGPAY_TOKEN_PARAM = 'token';

/** The TransPost macros we read, in the order Segpay's admin shows them. */
const transPostMacros = ['action', 'stage', 'approved', 'trantype', 'purchaseid', 'tranid', 'relatedtranid', 'price', 'currencycode'] as const;

/**
 * The query string to append to the account's postback URL in Segpay's admin: each macro we read,
 * the pass-through field as an `<extra ...>` macro, and the token. Segpay substitutes the macros.
 */
export function segpayTransPostQuery(token: string, passthroughField: string): string {
  const macros = transPostMacros.map((m) => `${m}=<${m}>`);
  return [...macros, `${passthroughField}=<extra ${passthroughField}>`, `${SEGPAY_TOKEN_PARAM}=${encodeURIComponent(token)}`].join('&');
}

function typeOf(trantype: string, action: string, stage: string, approved: string): BillerEventType {
  switch (trantype) {
    case 'sale':
      if (action === 'void') return 'void';
      if (approved !== 'yes') return 'failure';
      // Initial: the first charge; Conversion (and InstantConversion): the first rebill after a trial; Rebill: the others.
      return stage === 'initial' ? 'sale' : 'rebill';
    case 'credit':
      return 'refund';
    case 'charge':
    case 'chargeback':
      return 'chargeback';
  }
  switch (action) {
    case 'cancel':
      return 'cancellation';
    case 'disable':
      return 'expiration';
    case 'reactivation':
      return 'uncancellation';
    case 'void':
      return 'void';
  }
  return 'other';
}

function parse(post: BillerPost, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const f = fieldsOf(post);
  if (!account.secret) return { refused: 'The account has no token set.' };
  const token = f[SEGPAY_TOKEN_PARAM];
  if (!token) return { refused: 'The post carries no token.' };
  if (!safeEqual(token, account.secret)) return { refused: 'Wrong token.' };

  const trantype = (f.trantype ?? '').trim().toLowerCase();
  const action = (f.action ?? '').trim().toLowerCase();
  const stage = (f.stage ?? '').trim().toLowerCase();
  const approved = (f.approved ?? '').trim().toLowerCase();
  if (!trantype && !action) return { refused: 'The post names neither trantype nor action.' };
  const type = typeOf(trantype, action, stage, approved);
  const billerEvent = [f.trantype, f.action, f.stage].map((v) => v?.trim()).filter(Boolean).join(' ');

  const tranid = firstOf(f, 'tranid');
  const subscriptionId = firstOf(f, 'purchaseid');
  if (movesMoney(type) && !tranid) return { refused: `The ${billerEvent} post has no tranid.` };
  if (!tranid && !subscriptionId) return { refused: `The ${billerEvent} post has neither tranid nor purchaseid.` };

  const reversal = type === 'refund' || type === 'chargeback' || type === 'void';
  const related = firstOf(f, 'relatedtranid');
  // A reversal names the transaction it takes back in relatedtranid; one that does not, or that
  // reuses that id as its own (a void), still gets an id of its own so it is not a repeat of the sale.
  const transactionId = reversal
    ? related && related !== tranid
      ? tranid
      : `${type}:${tranid}`
    : movesMoney(type)
      ? tranid
      : `${action || trantype}:${tranid ?? subscriptionId}`;
  const amount = movesMoney(type) ? amountOf(firstOf(f, 'price', type), firstOf(f, 'currencycode'), 'price', type) : { amountMinor: 0, currency: 'USD' };
  if ('refused' in amount) return amount;
  return {
    billerEvent,
    type,
    transactionId,
    subscriptionId,
    originalTransactionId: reversal ? (related ?? tranid) : null,
    cid: firstOf(f, account.passthroughField),
    ...amount,
  };
}

export const segpayFormat: BillerFormat = {
  biller: 'segpay',
  parse,
  okBody: 'OK',
  // Our token, and the member's password when the merchant adds the <extra password> macro.
  secretFields: [SEGPAY_TOKEN_PARAM, 'password'],
};
