import { describe, expect, it } from 'vitest';
import { ccbill } from './ccbill.ts';
import type { AccountForFormat, BillerPost } from './types.ts';

const account: AccountForFormat = { biller: 'ccbill', passthroughField: 'cid', secret: null };
const webhook = (eventType: string, body: Record<string, string>): BillerPost => ({ method: 'POST', query: { eventType, eventGroupType: 'Subscription' }, body, headers: {} });

describe('CCBill webhooks read', () => {
  it('a NewSaleSuccess: its billed price in the billed currency (ISO numeric), the click id from X-cid whatever its case', () => {
    const parsed = ccbill.parse(
      webhook('NewSaleSuccess', { subscriptionId: '0312345678901234567', transactionId: '0312345678901234568', billedInitialPrice: '24.95', billedCurrencyCode: '978', accountingInitialPrice: '27.10', accountingCurrencyCode: '840', 'X-CID': ' clk_1 ' }),
      account,
    );
    expect(parsed).toMatchObject({ type: 'sale', transactionId: '0312345678901234568', subscriptionId: '0312345678901234567', cid: 'clk_1', amountMinor: 2495, currency: 'EUR' });
  });

  it('a Refund written with a minus sign reads as its amount: the sign is the event type’s', () => {
    const parsed = ccbill.parse(webhook('Refund', { subscriptionId: '1', transactionId: '0312345678901234568', amount: '-24.95', currencyCode: '978', timestamp: '2026-11-26 10:00:00' }), account);
    expect(parsed).toMatchObject({ type: 'refund', originalTransactionId: '0312345678901234568', transactionId: 'Refund:0312345678901234568:24.95:2026-11-26 10:00:00', amountMinor: 2495, currency: 'EUR' });
  });

  it('a refund has an id of its own: the refund id the post carries, else its amount and time; with neither it is refused', () => {
    const base = { subscriptionId: '1', transactionId: '0312345678901234568', amount: '10.00', currencyCode: '840' };
    expect(ccbill.parse(webhook('Refund', { ...base, refundTransactionId: '0312345678901239999' }), account)).toMatchObject({ transactionId: 'Refund:0312345678901234568:0312345678901239999' });
    const first = ccbill.parse(webhook('Refund', { ...base, timestamp: '2026-11-26 10:00:00' }), account);
    const second = ccbill.parse(webhook('Refund', { ...base, amount: '5.00', timestamp: '2026-11-26 10:00:00' }), account);
    expect(first).not.toMatchObject({ transactionId: (second as { transactionId: string }).transactionId });
    expect(ccbill.parse(webhook('Refund', base), account)).toEqual({ refused: 'The Refund post has neither a refund id nor a timestamp.' });
  });

  it('a negative sale or rebill price is refused', () => {
    expect(ccbill.parse(webhook('NewSaleSuccess', { subscriptionId: '1', transactionId: '2', billedInitialPrice: '-29.95', billedCurrencyCode: '840' }), account)).toEqual({ refused: 'The billedInitialPrice is negative.' });
    expect(ccbill.parse(webhook('RenewalSuccess', { subscriptionId: '1', transactionId: '2', billedAmount: '-9.95', billedCurrencyCode: '840' }), account)).toEqual({ refused: 'The billedAmount is negative.' });
  });

  it('falls back to the accounting amount, and refuses an unknown currency or an event without its transaction', () => {
    expect(ccbill.parse(webhook('RenewalSuccess', { subscriptionId: '1', transactionId: '2', accountingAmount: '9.99', accountingCurrencyCode: '840' }), account)).toMatchObject({ amountMinor: 999, currency: 'USD' });
    expect(ccbill.parse(webhook('RenewalSuccess', { subscriptionId: '1', transactionId: '2', billedAmount: '9.99', billedCurrencyCode: '999' }), account)).toEqual({ refused: 'Unknown currency 999.' });
    expect(ccbill.parse(webhook('Chargeback', { subscriptionId: '1', amount: '9.99' }), account)).toEqual({ refused: 'The Chargeback post has no transactionId.' });
  });
});
