import type { FastifyInstance } from 'fastify';
import { bearer } from './users.ts';

type Tokens = { access_token: string };
let seq = 0;

/** Adds a biller account to a site as staff; answers the reply's data (its postback_url carries the key). */
export async function addBillerAccount(app: FastifyInstance, staff: Tokens, siteId: number, body: Record<string, unknown> = { biller: 'ccbill', ccbill_account: '900100', ccbill_subaccount: '0000' }) {
  const res = await app.inject({ method: 'POST', url: `/v1/sites/${siteId}/biller-accounts`, headers: bearer(staff), payload: body });
  if (res.statusCode !== 201) throw new Error(`biller account: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; postback_url: string; [k: string]: unknown };
}

/** The path of a postback URL (`/billers/ccbill/<key>`). */
export const pathOf = (postbackUrl: string) => new URL(postbackUrl).pathname;

/** A CCBill id in CCBill's own shape: 19 digits (`0912191101000000159`). */
export const ccbillId = () => `09121911${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(5, '0')}`;

/**
 * A CCBill webhook as CCBill posts it (its Webhooks User Guide's fields): form-encoded (or JSON),
 * `eventType` in the query string.
 */
export function ccbillPost(app: FastifyInstance, path: string, eventType: string, fields: Record<string, string>, opts: { json?: boolean; ip?: string } = {}) {
  const url = `${path}?eventType=${eventType}&eventGroupType=Subscription`;
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '64.38.212.10',
    ...(opts.json
      ? { payload: fields }
      : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() }),
  });
}

/** NewSaleSuccess, shaped like CCBill's sample (amounts in the consumer's currency, ISO numeric codes). */
export function newSale(subscriptionId: string, transactionId: string, cid: string | null, price: string, currencyCode = '840') {
  return {
    accountingCurrency: 'USD',
    accountingCurrencyCode: '840',
    accountingInitialPrice: price,
    accountingRecurringPrice: price,
    address1: '123 Main Street',
    billedCurrency: currencyCode === '978' ? 'EUR' : currencyCode === '826' ? 'GBP' : 'USD',
    billedCurrencyCode: currencyCode,
    billedInitialPrice: price,
    billedRecurringPrice: price,
    bin: '411111',
    cardType: 'VISA',
    city: 'Anytown',
    clientAccnum: '900100',
    clientSubacc: '0000',
    country: 'US',
    email: 'user@randomurl.com',
    expDate: '0428',
    firstName: 'John',
    formName: '211cc',
    initialPeriod: '30',
    ipAddress: '192.168.27.4',
    last4: '1111',
    lastName: 'Doe',
    nextRenewalDate: '2026-12-26',
    password: 'mYPaSSw0rD',
    paymentAccount: 'a9d5f6c1e2',
    paymentType: 'CREDIT',
    postalCode: '50115',
    priceDescription: `${price}(USD) recurring every 30 days`,
    rebills: '99',
    recurringPeriod: '30',
    state: 'AZ',
    subscriptionId,
    timestamp: '2026-11-26 12:00:00',
    transactionId,
    username: 'username1',
    ...(cid ? { 'X-cid': cid } : {}),
  };
}

export const renewal = (subscriptionId: string, transactionId: string, amount: string, currencyCode = '840') => ({
  accountingAmount: amount,
  accountingCurrency: 'USD',
  accountingCurrencyCode: '840',
  billedAmount: amount,
  billedCurrency: 'USD',
  billedCurrencyCode: currencyCode,
  cardType: 'VISA',
  clientAccnum: '900100',
  clientSubacc: '0000',
  last4: '1111',
  nextRenewalDate: '2027-01-26',
  paymentType: 'CREDIT',
  renewalDate: '2026-12-26',
  subscriptionId,
  timestamp: '2026-12-26 12:00:00',
  transactionId,
});

/** Refund, Chargeback and Void: the transaction taken back, its amount. */
export const takeBack = (subscriptionId: string, transactionId: string, amount: string, at = '2026-12-27 09:30:00') => ({
  accountingAmount: amount,
  accountingCurrency: 'USD',
  accountingCurrencyCode: '840',
  amount,
  cardType: 'VISA',
  clientAccnum: '900100',
  clientSubacc: '0000',
  currency: 'USD',
  currencyCode: '840',
  last4: '1111',
  paymentType: 'CREDIT',
  reason: 'Customer Refunded',
  subscriptionId,
  timestamp: at,
  transactionId,
});

export const cancellation = (subscriptionId: string, at = '2026-12-28 10:00:00') => ({
  clientAccnum: '900100',
  clientSubacc: '0000',
  reason: 'Customer requested',
  source: 'FORM',
  subscriptionId,
  timestamp: at,
});
