import { describe, expect, it } from 'vitest';
import { epochFormat } from './epoch.ts';
import type { AccountForFormat, BillerPost } from './types.ts';

const account: AccountForFormat = { biller: 'epoch', passthroughField: 'cid', secret: null };
const get = (query: Record<string, string>): BillerPost => ({ method: 'GET', query, body: {}, headers: {} });
const post = (body: Record<string, string>): BillerPost => ({ method: 'POST', query: {}, body, headers: {} });

/** A join postback as Epoch sends it after an approved join, the join form's `cid` echoed back. */
const join = {
  ans: 'Y123456|OK',
  transaction_id: '1234567890',
  member_id: '55001',
  order_id: '9001',
  amount: '29.95',
  currency: 'USD',
  pi_code: 'abc123',
  reseller: 'a',
  email: 'buyer@example.com',
  cid: 'clk_abc',
};

/** One Data Plus row (Epoch's Data Plus guide, HTTPS set-up). */
const row = (type: string, extra: Record<string, string> = {}) => ({
  ets_transaction_id: '1234567999',
  ets_member_idx: '55001',
  ets_transaction_date: '2026-11-26 10:15:00',
  ets_transaction_type: type,
  ets_co_code: 'abc',
  ets_pi_code: 'abc123',
  ets_reseller_code: 'a',
  ets_transaction_amount: '29.95',
  ets_payment_type: 'A',
  ets_username: 'buyer',
  ets_ref_trans_ids: '',
  ets_email: 'buyer@example.com',
  ...extra,
});

describe('Epoch join postback', () => {
  it('reads an approved join as a sale with the click id, the member as the subscription', () => {
    expect(epochFormat.parse(get(join), account)).toEqual({
      billerEvent: 'Y123456|OK',
      type: 'sale',
      transactionId: '1234567890',
      subscriptionId: '55001',
      originalTransactionId: null,
      cid: 'clk_abc',
      amountMinor: 2995,
      currency: 'USD',
    });
  });

  it('reads the amount in EUR and GBP, and a numeric ISO currency', () => {
    expect(epochFormat.parse(get({ ...join, amount: '19.99', currency: 'EUR' }), account)).toMatchObject({ amountMinor: 1999, currency: 'EUR' });
    expect(epochFormat.parse(get({ ...join, amount: '12.50', currency: '826' }), account)).toMatchObject({ amountMinor: 1250, currency: 'GBP' });
  });

  it('reads the pass-through field the account names, also as x_<name>', () => {
    const { cid: _, ...noCid } = join;
    expect(epochFormat.parse(get({ ...noCid, x_cid: 'clk_x' }), account)).toMatchObject({ cid: 'clk_x' });
    expect(epochFormat.parse(get({ ...noCid, ref: 'clk_r' }), { ...account, passthroughField: 'ref' })).toMatchObject({ cid: 'clk_r' });
    expect(epochFormat.parse(get(noCid), account)).toMatchObject({ cid: null });
  });

  it('reads a declined join (ans starting with N) as a failure that moves nothing', () => {
    expect(epochFormat.parse(get({ ...join, ans: 'NDECLINED' }), account)).toMatchObject({ type: 'failure', amountMinor: 0 });
  });

  it('refuses a join without its transaction id, a bad amount or an unknown currency', () => {
    const { transaction_id: _, ...noId } = join;
    expect(epochFormat.parse(get(noId), account)).toEqual({ refused: 'The join postback has no transaction_id.' });
    expect(epochFormat.parse(get({ ...join, amount: '29.9.5' }), account)).toEqual({ refused: 'The amount is not an amount.' });
    expect(epochFormat.parse(get({ ...join, currency: 'ZZZ' }), account)).toEqual({ refused: 'Unknown currency ZZZ.' });
    expect(epochFormat.parse(get({ member_id: '1' }), account)).toHaveProperty('refused');
  });
});

describe('Epoch Data Plus', () => {
  it('maps each transaction type code onto our event types', () => {
    const types = Object.fromEntries(
      ['I', 'O', 'T', 'F', 'N', 'U', 'C', 'D', 'X', 'K', 'J', 'Q'].map((code) => {
        const r = epochFormat.parse(post(row(code)), account);
        return [code, 'refused' in r ? r.refused : r.type];
      }),
    );
    expect(types).toEqual({
      I: 'sale',
      O: 'sale',
      T: 'sale',
      F: 'other',
      N: 'rebill',
      U: 'rebill',
      C: 'refund',
      D: 'chargeback',
      X: 'chargeback',
      K: 'cancellation',
      J: 'failure',
      Q: 'other',
    });
  });

  it('reads a rebill: no click id, the member ties it to the join, US dollars', () => {
    expect(epochFormat.parse(post(row('N')), account)).toEqual({
      billerEvent: 'N',
      type: 'rebill',
      transactionId: '1234567999',
      subscriptionId: '55001',
      originalTransactionId: null,
      cid: null,
      amountMinor: 2995,
      currency: 'USD',
    });
  });

  it('reads a credit and a chargeback with the transaction they take back, the sign dropped', () => {
    expect(epochFormat.parse(post(row('C', { ets_transaction_amount: '-29.95', ets_ref_trans_ids: '1234567890' })), account)).toMatchObject({
      type: 'refund',
      originalTransactionId: '1234567890',
      amountMinor: 2995,
    });
    expect(epochFormat.parse(post(row('D', { ets_ref_trans_ids: '1234567890' })), account)).toMatchObject({
      type: 'chargeback',
      originalTransactionId: '1234567890',
    });
  });

  it('moves no money on a cancelled trial', () => {
    expect(epochFormat.parse(post(row('K')), account)).toMatchObject({ type: 'cancellation', amountMinor: 0 });
  });

  it('refuses a row without its transaction id, type or member', () => {
    const { ets_transaction_id: _, ...noId } = row('N');
    expect(epochFormat.parse(post(noId), account)).toEqual({ refused: 'The Data Plus row has no ets_transaction_id.' });
    expect(epochFormat.parse(post(row('')), account)).toEqual({ refused: 'The Data Plus row has no ets_transaction_type.' });
    expect(epochFormat.parse(post(row('N', { ets_member_idx: '' })), account)).toEqual({ refused: 'The Data Plus row has no ets_member_idx.' });
    expect(epochFormat.parse(post(row('N', { ets_transaction_amount: 'abc' })), account)).toEqual({
      refused: 'The ets_transaction_amount is not an amount.',
    });
  });

  it('answers OK and names the password fields as secrets', () => {
    expect(epochFormat.okBody).toBe('OK');
    expect(epochFormat.secretFields).toContain('ets_password');
  });
});
