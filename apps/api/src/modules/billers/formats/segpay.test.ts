import { describe, expect, it } from 'vitest';
import { segpayFormat, segpayTransPostQuery } from './segpay.ts';
import type { AccountForFormat, BillerPost } from './types.ts';

const account: AccountForFormat = { biller: 'segpay', passthroughField: 'cid', secret: 'tok_3f9a2c' };
const get = (query: Record<string, string>): BillerPost => ({ method: 'GET', query, body: {}, headers: {} });

/** A TransPost as built from Segpay's macros: `...&tranid=<tranid>&...&cid=<extra cid>&token=...`. */
const sale = {
  action: 'Auth',
  stage: 'Initial',
  approved: 'Yes',
  trantype: 'sale',
  purchaseid: '700001',
  tranid: '880001',
  relatedtranid: '',
  price: '29.95',
  currencycode: 'USD',
  eticketid: '100001:1',
  cid: 'clk_abc',
  token: 'tok_3f9a2c',
};

describe('Segpay TransPost', () => {
  it('reads an approved initial sale with the click id from the extra field', () => {
    expect(segpayFormat.parse(get(sale), account)).toEqual({
      billerEvent: 'sale Auth Initial',
      type: 'sale',
      transactionId: '880001',
      subscriptionId: '700001',
      originalTransactionId: null,
      cid: 'clk_abc',
      amountMinor: 2995,
      currency: 'USD',
    });
  });

  it('maps trantype, action and stage onto our event types', () => {
    const typeOf = (q: Record<string, string>) => {
      const r = segpayFormat.parse(get({ ...sale, ...q }), account);
      return 'refused' in r ? r.refused : r.type;
    };
    expect(typeOf({ stage: 'Conversion' })).toBe('rebill');
    expect(typeOf({ stage: 'InstantConversion' })).toBe('rebill');
    expect(typeOf({ stage: 'Rebill' })).toBe('rebill');
    expect(typeOf({ approved: 'No' })).toBe('failure');
    expect(typeOf({ action: 'Void', relatedtranid: '880001', tranid: '880009' })).toBe('void');
    expect(typeOf({ trantype: 'credit', action: 'Auth' })).toBe('refund');
    expect(typeOf({ trantype: 'charge', action: 'Auth' })).toBe('chargeback');
    expect(typeOf({ trantype: 'chargeback', action: 'Auth' })).toBe('chargeback');
    expect(typeOf({ trantype: '', action: 'Cancel' })).toBe('cancellation');
    expect(typeOf({ trantype: '', action: 'Disable' })).toBe('expiration');
    expect(typeOf({ trantype: '', action: 'Reactivation' })).toBe('uncancellation');
    expect(typeOf({ trantype: '', action: 'Enable' })).toBe('other');
  });

  it('reads a rebill without a click id, tied to the purchase', () => {
    const { cid: _, ...noCid } = sale;
    expect(segpayFormat.parse(get({ ...noCid, stage: 'Rebill', tranid: '880002' }), account)).toMatchObject({
      type: 'rebill',
      transactionId: '880002',
      subscriptionId: '700001',
      cid: null,
    });
  });

  it('reads a credit with the transaction it takes back, a negative price as its amount', () => {
    expect(segpayFormat.parse(get({ ...sale, trantype: 'credit', tranid: '880003', relatedtranid: '880001', price: '-29.95' }), account)).toMatchObject({
      type: 'refund',
      transactionId: '880003',
      originalTransactionId: '880001',
      amountMinor: 2995,
    });
  });

  it('gives a reversal naming no other transaction an id of its own, apart from the sale', () => {
    expect(segpayFormat.parse(get({ ...sale, action: 'Void' }), account)).toMatchObject({
      type: 'void',
      transactionId: 'void:880001',
      originalTransactionId: '880001',
    });
  });

  it('reads EUR and GBP prices', () => {
    expect(segpayFormat.parse(get({ ...sale, price: '19.99', currencycode: 'EUR' }), account)).toMatchObject({ amountMinor: 1999, currency: 'EUR' });
    expect(segpayFormat.parse(get({ ...sale, price: '9.5', currencycode: 'GBP' }), account)).toMatchObject({ amountMinor: 950, currency: 'GBP' });
  });

  it('moves no money on a cancellation, which has an id of its own', () => {
    expect(segpayFormat.parse(get({ action: 'Cancel', purchaseid: '700001', token: 'tok_3f9a2c' }), account)).toMatchObject({
      type: 'cancellation',
      transactionId: 'cancel:700001',
      subscriptionId: '700001',
      amountMinor: 0,
    });
  });

  it('refuses a wrong or missing token, and an account without one', () => {
    expect(segpayFormat.parse(get({ ...sale, token: 'tok_3f9a2d' }), account)).toEqual({ refused: 'Wrong token.' });
    expect(segpayFormat.parse(get({ ...sale, token: 'short' }), account)).toEqual({ refused: 'Wrong token.' });
    const { token: _, ...noToken } = sale;
    expect(segpayFormat.parse(get(noToken), account)).toEqual({ refused: 'The post carries no token.' });
    expect(segpayFormat.parse(get(sale), { ...account, secret: null })).toEqual({ refused: 'The account has no token set.' });
  });

  it('refuses a sale without its tranid, a bad price or an unknown currency', () => {
    expect(segpayFormat.parse(get({ ...sale, tranid: '' }), account)).toEqual({ refused: 'The sale Auth Initial post has no tranid.' });
    expect(segpayFormat.parse(get({ ...sale, price: '1e3' }), account)).toEqual({ refused: 'The price is not an amount.' });
    expect(segpayFormat.parse(get({ ...sale, currencycode: 'QQQ' }), account)).toEqual({ refused: 'Unknown currency QQQ.' });
    expect(segpayFormat.parse(get({ token: 'tok_3f9a2c' }), account)).toEqual({ refused: 'The post names neither trantype nor action.' });
  });

  it('names the token as a secret field', () => {
    expect(segpayFormat.secretFields).toContain('token');
  });

  it('builds the TransPost query to paste into Segpay: each macro, the extra field, the token', () => {
    expect(segpayTransPostQuery('tok/1', 'cid')).toBe(
      'action=<action>&stage=<stage>&approved=<approved>&trantype=<trantype>&purchaseid=<purchaseid>&tranid=<tranid>' +
        '&relatedtranid=<relatedtranid>&price=<price>&currencycode=<currencycode>&cid=<extra cid>&token=tok%2F1',
    );
  });
});
