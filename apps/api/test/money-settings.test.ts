import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let admin: Tokens;
let payoutsStaff: Tokens;
let affiliate: Tokens;
let affiliateId: number;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['settings']);
  const p = await createStaff(t.app, ['payouts', 'affiliates']);
  const a = await createAffiliate(t.app);
  affiliateId = a.id;
  [admin, payoutsStaff, affiliate] = await Promise.all([signIn(t.app, mail, s.email, s.password), signIn(t.app, mail, p.email, p.password), signIn(t.app, mail, a.email, a.password)]);
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Tokens, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

describe('who may use the money settings', () => {
  it('answers anonymous 401, affiliates and staff without settings 403, on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/v1/settings/money'],
      ['PUT', '/v1/settings/money'],
      ['GET', '/v1/settings/payment-methods'],
      ['POST', '/v1/settings/payment-methods'],
      ['PUT', '/v1/settings/payment-methods/1'],
      ['DELETE', '/v1/settings/payment-methods/1'],
      ['POST', '/v1/settings/banks'],
      ['PUT', '/v1/settings/banks/1'],
      ['DELETE', '/v1/settings/banks/1'],
      ['GET', '/v1/settings/tax-withholdings'],
      ['POST', '/v1/settings/tax-withholdings'],
      ['PUT', '/v1/settings/tax-withholdings/1'],
      ['DELETE', '/v1/settings/tax-withholdings/1'],
      ['GET', '/v1/settings/split-fees'],
      ['PUT', `/v1/settings/split-fees/${affiliateId}`],
      ['DELETE', `/v1/settings/split-fees/${affiliateId}`],
    ];
    const seen = [];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      seen.push([method, url, (await call(method, url, undefined, body)).statusCode, (await call(method, url, affiliate, body)).statusCode, (await call(method, url, payoutsStaff, body)).statusCode]);
    }
    expect(seen).toEqual(routes.map(([m, u]) => [m, u, 401, 403, 403]));
  });

  it('lets payout staff read the banks (the change-bank dialog) but not change them; affiliates never', async () => {
    expect((await call('GET', '/v1/settings/banks', payoutsStaff)).statusCode).toBe(200);
    expect((await call('GET', '/v1/settings/banks', affiliate)).statusCode).toBe(403);
    expect((await call('GET', '/v1/settings/banks')).statusCode).toBe(401);
  });
});

describe('payment methods', () => {
  it('adds, lists, changes and removes a method; one per type; amounts with two decimals', async () => {
    const created = await call('POST', '/v1/settings/payment-methods', admin, { type: 'paypal', name: 'PayPal', min_payout: '50', fee: 1.5 });
    expect(created.statusCode).toBe(201);
    const method = created.json().data;
    expect(method).toMatchObject({ type: 'paypal', name: 'PayPal', min_payout: 50, fee: 1.5, is_active: true });
    const twice = await call('POST', '/v1/settings/payment-methods', admin, { type: 'paypal', name: 'PayPal 2', min_payout: 50 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ error_code: 'unique', errors: { type: ['There is already a payment method of this type.'] } });
    const bad = await call('POST', '/v1/settings/payment-methods', admin, { type: 'cheque', name: '', min_payout: 1.234 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['min_payout', 'name', 'type']);
    const changed = await call('PUT', `/v1/settings/payment-methods/${method.id}`, admin, { type: 'paypal', name: 'PayPal (USD)', min_payout: 100, fee: 0, is_active: false });
    expect(changed.json().data).toMatchObject({ name: 'PayPal (USD)', min_payout: 100, is_active: false });
    // Inactive methods are not offered to affiliates.
    expect((await call('GET', '/v1/payment-methods', affiliate)).json().data).toEqual([]);
    expect((await call('PUT', '/v1/settings/payment-methods/999999', admin, { type: 'paxum', name: 'x', min_payout: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/settings/payment-methods/${method.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/v1/settings/payment-methods', admin)).json().data).toEqual([]);
  });

  it('refuses to delete a method an affiliate is paid by', async () => {
    const method = (await call('POST', '/v1/settings/payment-methods', admin, { type: 'paxum', name: 'Paxum', min_payout: 25 })).json().data;
    expect((await call('GET', '/v1/payment-methods', affiliate)).json().data).toEqual([{ id: method.id, type: 'paxum', name: 'Paxum', min_payout: 25, fee: 0 }]);
    expect((await call('PUT', '/v1/user/billing', affiliate, { recipient_type: 'individual', method: 'paxum', details: { email: 'me@example.com' } })).statusCode).toBe(200);
    const refused = await call('DELETE', `/v1/settings/payment-methods/${method.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error_code: 'conflict', message: 'Affiliates are paid by this method: deactivate it instead.' });
  });
});

describe('banks, tax withholdings, split fees and the money settings', () => {
  it('keeps the network’s banks, checking IBAN and SWIFT', async () => {
    const bad = await call('POST', '/v1/settings/banks', admin, { name: 'Main', iban: 'GB83WEST12345698765432', swift: 'XXXX' });
    expect(bad.json().errors).toEqual({ iban: ['This IBAN is not valid: check its country, length and check digits.'], swift: ['This SWIFT/BIC code is not valid.'] });
    const bank = (await call('POST', '/v1/settings/banks', admin, { name: 'Main', account_holder: 'VR Network Ltd', iban: 'GB82 WEST 1234 5698 7654 32', swift: 'NWBKGB2L' })).json().data;
    expect(bank).toMatchObject({ name: 'Main', iban: 'GB82WEST12345698765432', currency: 'USD', is_active: true });
    expect((await call('GET', '/v1/settings/banks', admin)).json().data).toHaveLength(1);
    expect((await call('PUT', `/v1/settings/banks/${bank.id}`, admin, { name: 'Main EUR', currency: 'eur' })).json().data).toMatchObject({ name: 'Main EUR', currency: 'EUR' });
    expect((await call('DELETE', `/v1/settings/banks/${bank.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/settings/banks/${bank.id}`, admin)).statusCode).toBe(404);
  });

  it('keeps one withholding rate per country and recipient type, in percent', async () => {
    const w = (await call('POST', '/v1/settings/tax-withholdings', admin, { country: 'us', recipient_type: 'individual', rate: '30' })).json().data;
    expect(w).toMatchObject({ country: 'US', recipient_type: 'individual', rate: 30 });
    const again = await call('POST', '/v1/settings/tax-withholdings', admin, { country: 'US', recipient_type: 'individual', rate: 24 });
    expect(again.json()).toMatchObject({ error_code: 'unique', errors: { country: ['There is already a rate for this country and recipient type.'] } });
    expect((await call('POST', '/v1/settings/tax-withholdings', admin, { country: 'US', recipient_type: 'company', rate: 101 })).json().errors.rate).toEqual(['This field must be a positive number from 0 to 100']);
    expect((await call('PUT', `/v1/settings/tax-withholdings/${w.id}`, admin, { country: 'US', recipient_type: 'individual', rate: 12.5 })).json().data.rate).toBe(12.5);
    expect((await call('GET', '/v1/settings/tax-withholdings', admin)).json().data).toEqual([{ id: w.id, country: 'US', recipient_type: 'individual', rate: 12.5 }]);
    expect((await call('DELETE', `/v1/settings/tax-withholdings/${w.id}`, admin)).statusCode).toBe(200);
  });

  it('sets a custom split fee per affiliate, never on staff', async () => {
    const set = await call('PUT', `/v1/settings/split-fees/${affiliateId}`, admin, { rate: 7.5 });
    expect(set.json().data).toMatchObject({ affiliate: { id: affiliateId }, rate: 7.5 });
    expect((await call('PUT', `/v1/settings/split-fees/${affiliateId}`, admin, { rate: 10 })).json().data.rate).toBe(10);
    expect((await call('GET', '/v1/settings/split-fees', admin)).json().data).toEqual([expect.objectContaining({ rate: 10 })]);
    expect((await call('PUT', '/v1/settings/split-fees/999999', admin, { rate: 10 })).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/settings/split-fees/${affiliateId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/v1/settings/split-fees', admin)).json().data).toEqual([]);
  });

  it('changes the referral rate and the hold', async () => {
    expect((await call('GET', '/v1/settings/money', admin)).json().data).toEqual({ referral_rate: 5, hold_days: 14 });
    expect((await call('PUT', '/v1/settings/money', admin, { referral_rate: 7.25, hold_days: 30 })).json().data).toEqual({ referral_rate: 7.25, hold_days: 30 });
    expect((await call('PUT', '/v1/settings/money', admin, { hold_days: -1 })).statusCode).toBe(422);
    expect((await call('GET', '/v1/referrals', affiliate)).json().data.rate).toBe(7.25);
  });
});
