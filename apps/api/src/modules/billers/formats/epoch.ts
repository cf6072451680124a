import type { BillerEventType } from '@portal/contracts';
import { amountOf, fieldsOf, firstOf, movesMoney } from './fields.ts';
import type { AccountForFormat, BillerFormat, BillerPost, ParsedBillerEvent, RefusedPost } from './types.ts';

/**
 * Epoch (docs/billers.md), two posts to the same address:
 * - the join postback, a GET after each join: `transaction_id`, `member_id`, `ans` (starts with Y
 *   when approved, N when declined), `amount`, `currency`, and the custom parameters of the join
 *   form echoed back (ours carries the click id, `cid` by default; `x_cid` is read too);
 * - Data Plus, an HTTPS POST of name/value rows every 15 minutes: `ets_transaction_id`,
 *   `ets_member_idx`, `ets_transaction_type` (one letter, below), `ets_transaction_amount`,
 *   `ets_ref_trans_ids` (the transaction a credit or chargeback takes back).
 * Epoch signs neither: the account key in our path is the secret.
 */

/** Data Plus `ets_transaction_type` codes, as Epoch's Data Plus guide lists them. */
const dataPlusTypes: Record<string, BillerEventType> = {
  I: 'sale', // standard initial recurring transaction
  O: 'sale', // non-recurring transaction
  T: 'sale', // initial paid trial order
  F: 'other', // initial free trial: no money
  N: 'rebill', // non-initial recurring transaction
  U: 'rebill', // initial trial conversion
  C: 'refund', // credit to the customer's account
  D: 'chargeback',
  X: 'chargeback', // returned check
  K: 'cancellation', // cancelled trial
  J: 'failure', // denied trial conversion
};

function dataPlus(f: Record<string, string>, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const code = (f.ets_transaction_type ?? '').trim().toUpperCase();
  if (!code) return { refused: 'The Data Plus row has no ets_transaction_type.' };
  const type = dataPlusTypes[code] ?? 'other';
  const txid = firstOf(f, 'ets_transaction_id');
  const subscriptionId = firstOf(f, 'ets_member_idx');
  if (!txid) return { refused: 'The Data Plus row has no ets_transaction_id.' };
  if (!subscriptionId && type !== 'sale') return { refused: 'The Data Plus row has no ets_member_idx.' };
  const reversal = type === 'refund' || type === 'chargeback';
  // Data Plus carries no currency: Epoch reports these rows in US dollars.
  const amount = movesMoney(type) ? amountOf(firstOf(f, 'ets_transaction_amount'), null, 'ets_transaction_amount', type) : { amountMinor: 0, currency: 'USD' };
  if ('refused' in amount) return amount;
  return {
    billerEvent: code,
    type,
    transactionId: txid,
    subscriptionId,
    originalTransactionId: reversal ? firstOf(f, 'ets_ref_trans_ids') : null,
    cid: firstOf(f, account.passthroughField, `x_${account.passthroughField}`),
    ...amount,
  };
}

function join(f: Record<string, string>, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const ans = (f.ans ?? '').trim();
  if (!ans) return { refused: 'The post has neither ans (a join) nor ets_transaction_type (Data Plus).' };
  const approved = ans.toUpperCase().startsWith('Y');
  const txid = firstOf(f, 'transaction_id');
  const subscriptionId = firstOf(f, 'member_id');
  const cid = firstOf(f, account.passthroughField, `x_${account.passthroughField}`);
  if (!approved) {
    return { billerEvent: ans, type: 'failure', transactionId: txid, subscriptionId, originalTransactionId: null, cid, amountMinor: 0, currency: 'USD' };
  }
  if (!txid) return { refused: 'The join postback has no transaction_id.' };
  const amount = amountOf(firstOf(f, 'amount'), firstOf(f, 'currency'), 'amount', 'sale');
  if ('refused' in amount) return amount;
  return { billerEvent: ans, type: 'sale', transactionId: txid, subscriptionId, originalTransactionId: null, cid, ...amount };
}

function parse(post: BillerPost, account: AccountForFormat): ParsedBillerEvent | RefusedPost {
  const f = fieldsOf(post);
  return f.ets_transaction_id !== undefined || f.ets_transaction_type !== undefined ? dataPlus(f, account) : join(f, account);
}

export const epochFormat: BillerFormat = {
  biller: 'epoch',
  parse,
  okBody: 'OK',
  // Epoch can post the member's chosen password (join postback `password`, Data Plus `ets_password`).
  secretFields: ['password', 'ets_password'],
};
