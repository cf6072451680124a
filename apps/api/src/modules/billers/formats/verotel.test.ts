import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verotelFormat, verotelSignature } from './verotel.ts';
import type { AccountForFormat, BillerPost } from './types.ts';

const key = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const account: AccountForFormat = { biller: 'verotel', passthroughField: 'custom1', secret: key };
const get = (query: Record<string, string>): BillerPost => ({ method: 'GET', query, body: {}, headers: {} });
const signed = (q: Record<string, string>) => get({ ...q, signature: verotelSignature(key, q) });

/** The initial postback of a FlexPay subscription, our click id in custom1. */
const initial = {
  shopID: '68849',
  type: 'subscription',
  event: 'initial',
  saleID: '433456',
  transactionID: '9900001',
  referenceID: 'ref-1',
  priceAmount: '29.95',
  priceCurrency: 'USD',
  paymentMethod: 'CC',
  subscriptionType: 'recurring',
  period: 'P30D',
  custom1: 'clk_abc',
};

describe('Verotel FlexPay signature', () => {
  it("matches the vector in Verotel's own client library tests", () => {
    // verotel/flexpay-php-client tests/VerotelFlexPayClientTest.php: $signOfFiltered.
    const params = {
      saleID: '433456',
      priceAmount: '0.00',
      referenceID: 'reference1234',
      priceCurrency: 'USD',
      custom1: 'My',
      description: 'My Dščřčřřěřě&?=blah123',
      subscriptionType: 'RECURRING',
      period: 'P1M',
      name: 'My name',
      trialAmount: '0.01',
      trialPeriod: 'P3D',
      successURL: 'http://backURL.test',
      declineURL: 'http://declineURL.test',
      cancelDiscountPercentage: '30',
      shopID: '68849',
    };
    expect(verotelSignature(key, params)).toBe('ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2');
  });

  it('is the SHA-256 of key:name=value:... over the sorted names, signature left out', () => {
    const expected = hash('sha256', `${key}:a=1:b=2`, 'hex');
    expect(verotelSignature(key, { b: '2', a: '1', signature: 'x' })).toBe(expected);
  });
});

describe('Verotel FlexPay postback', () => {
  it('reads a signed initial sale with the click id from custom1', () => {
    expect(verotelFormat.parse(signed(initial), account)).toEqual({
      billerEvent: 'initial',
      type: 'sale',
      transactionId: '9900001',
      subscriptionId: '433456',
      originalTransactionId: null,
      cid: 'clk_abc',
      amountMinor: 2995,
      currency: 'USD',
    });
  });

  it('accepts an upper-case signature', () => {
    const q = { ...initial, signature: verotelSignature(key, initial).toUpperCase() };
    expect(verotelFormat.parse(get(q), account)).toMatchObject({ type: 'sale' });
  });

  it('maps each FlexPay event onto our event types', () => {
    const types = Object.fromEntries(
      ['initial', 'rebill', 'upgrade', 'credit', 'chargeback', 'cancel', 'uncancel', 'expiry', 'downgrade', 'extend'].map((event) => {
        const r = verotelFormat.parse(signed({ ...initial, event, parentID: '9900001' }), account);
        return [event, 'refused' in r ? r.refused : r.type];
      }),
    );
    expect(types).toEqual({
      initial: 'sale',
      rebill: 'rebill',
      upgrade: 'rebill',
      credit: 'refund',
      chargeback: 'chargeback',
      cancel: 'cancellation',
      uncancel: 'uncancellation',
      expiry: 'expiration',
      downgrade: 'other',
      extend: 'other',
    });
  });

  it('reads a one-off purchase (no event) as a sale', () => {
    const { event: _, ...purchase } = { ...initial, type: 'purchase' };
    expect(verotelFormat.parse(signed(purchase), account)).toMatchObject({ billerEvent: 'purchase', type: 'sale' });
  });

  it('reads a rebill without a click id, and a credit with the transaction it takes back', () => {
    const { custom1: _, ...noCid } = initial;
    expect(verotelFormat.parse(signed({ ...noCid, event: 'rebill', transactionID: '9900002' }), account)).toMatchObject({
      type: 'rebill',
      transactionId: '9900002',
      subscriptionId: '433456',
      cid: null,
    });
    expect(verotelFormat.parse(signed({ ...noCid, event: 'credit', transactionID: '9900003', parentID: '9900001' }), account)).toMatchObject({
      type: 'refund',
      transactionId: '9900003',
      originalTransactionId: '9900001',
      amountMinor: 2995,
    });
  });

  it('reads EUR and GBP amounts', () => {
    expect(verotelFormat.parse(signed({ ...initial, priceAmount: '12.64', priceCurrency: 'EUR' }), account)).toMatchObject({
      amountMinor: 1264,
      currency: 'EUR',
    });
    expect(verotelFormat.parse(signed({ ...initial, priceAmount: '5.00', priceCurrency: 'GBP' }), account)).toMatchObject({
      amountMinor: 500,
      currency: 'GBP',
    });
  });

  it('moves no money on a cancellation, which has an id of its own', () => {
    const q = { shopID: '68849', event: 'cancel', saleID: '433456', cancelledBy: 'buyer' };
    expect(verotelFormat.parse(signed(q), account)).toMatchObject({ type: 'cancellation', transactionId: 'cancel:433456', amountMinor: 0 });
  });

  it('refuses a bad signature: a changed amount, a wrong key, none at all, an account without a key', () => {
    const good = verotelSignature(key, initial);
    expect(verotelFormat.parse(get({ ...initial, priceAmount: '299.50', signature: good }), account)).toEqual({ refused: 'Bad signature.' });
    expect(verotelFormat.parse(get({ ...initial, signature: verotelSignature('other-key', initial) }), account)).toEqual({
      refused: 'Bad signature.',
    });
    expect(verotelFormat.parse(get({ ...initial, signature: 'abc' }), account)).toEqual({ refused: 'Bad signature.' });
    expect(verotelFormat.parse(get(initial), account)).toEqual({ refused: 'The post is not signed.' });
    expect(verotelFormat.parse(signed(initial), { ...account, secret: null })).toEqual({ refused: 'The account has no signature key set.' });
  });

  it('refuses a signed post missing its event, saleID or transactionID', () => {
    const { event: _e, type: _t, ...noEvent } = initial;
    expect(verotelFormat.parse(signed(noEvent), account)).toEqual({ refused: 'The post names no event.' });
    const { saleID: _s, ...noSale } = initial;
    expect(verotelFormat.parse(signed(noSale), account)).toEqual({ refused: 'The initial post has no saleID.' });
    const { transactionID: _x, ...noTx } = initial;
    expect(verotelFormat.parse(signed(noTx), account)).toEqual({ refused: 'The initial post has no transactionID.' });
  });

  it('answers the plain text OK', () => {
    expect(verotelFormat.okBody).toBe('OK');
  });
});
