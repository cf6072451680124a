import { randomBytes } from 'node:crypto';
import type { Biller } from '@portal/contracts';
import { type AccountKeys, accountKeyOf, type BillerAccountRow, secretOf } from './accounts.ts';
import type { BillerPost } from './formats/index.ts';
import { verotelSignature } from './formats/verotel.ts';

/** A test post's click id: never a real click's, so it reads as an unknown click whatever happens. */
export const testClickId = () => `test-${randomBytes(6).toString('hex')}`;

/**
 * A sample sale of $1.00 as the account's biller sends it (its own field names, its token or
 * signature made with the account's secret), carrying `cid` in the account's pass-through field.
 */
export function samplePost(biller: Biller, account: { passthroughField: string; secret: string | null }, cid: string, id: string): BillerPost {
  const get = (query: Record<string, string>): BillerPost => ({ method: 'GET', query, body: {}, headers: {} });
  switch (biller) {
    case 'ccbill':
      return {
        method: 'POST',
        query: { eventType: 'NewSaleSuccess', eventGroupType: 'Subscription' },
        body: { subscriptionId: `9${id}`, transactionId: `8${id}`, billedInitialPrice: '1.00', billedCurrencyCode: '840', accountingInitialPrice: '1.00', accountingCurrencyCode: '840', country: 'US', [`X-${account.passthroughField}`]: cid },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'epoch':
      return get({ ans: `Y${id}|OK`, transaction_id: `8${id}`, member_id: `9${id}`, order_id: id, amount: '1.00', currency: 'USD', [account.passthroughField]: cid });
    case 'segpay':
      return get({ action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'sale', purchaseid: `9${id}`, tranid: `8${id}`, relatedtranid: '', price: '1.00', currencycode: 'USD', [account.passthroughField]: cid, token: account.secret ?? '' });
    case 'verotel': {
      const q = { type: 'subscription', event: 'initial', saleID: `9${id}`, transactionID: `8${id}`, priceAmount: '1.00', priceCurrency: 'USD', paymentMethod: 'CC', [account.passthroughField]: cid };
      return get(account.secret ? { ...q, signature: verotelSignature(account.secret, q) } : q);
    }
  }
}

/** The account's key and sample post: what `POST /v1/biller-accounts/{id}/test-post` sends to the account's own address. */
export function testPostOf(keys: AccountKeys, row: BillerAccountRow): { key: string; post: BillerPost; cid: string } {
  const cid = testClickId();
  const id = String(Date.now()).slice(-9);
  return { key: accountKeyOf(keys, row), cid, post: samplePost(row.biller as Biller, { passthroughField: row.passthroughField, secret: secretOf(keys, row) }, cid, id) };
}
