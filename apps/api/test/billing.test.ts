import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../src/db/schema/index.ts';
import { loadTerms } from '../src/modules/payouts/eligibility.ts';
import { profileIssuesOf } from '../src/modules/profile/issues.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let alice: Tokens;
let bob: Tokens;
let aliceId: number;
let staff: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  await t.app.db.insert(paymentMethods).values([
    { type: 'wire', name: 'Wire transfer', minPayoutCents: 50000, feeCents: 2500 },
    { type: 'ach', name: 'ACH', minPayoutCents: 10000 },
    { type: 'usdt', name: 'USDT', minPayoutCents: 10000 },
    { type: 'paypal', name: 'PayPal', minPayoutCents: 5000, isActive: false },
  ]);
  const a = await createAffiliate(t.app);
  const b = await createAffiliate(t.app);
  const s = await createStaff(t.app, ['settings', 'affiliates', 'payouts']);
  aliceId = a.id;
  [alice, bob, staff] = await Promise.all([signIn(t.app, mail, a.email, a.password), signIn(t.app, mail, b.email, b.password), signIn(t.app, mail, s.email, s.password)]);
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const put = (who: Tokens | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v1/user/billing', headers: who ? bearer(who) : {}, payload });
const get = (who?: Tokens) => t.app.inject({ method: 'GET', url: '/v1/user/billing', headers: who ? bearer(who) : {} });
const issues = async (who: Tokens) => (await t.app.inject({ method: 'GET', url: '/v1/user/profile?include=billing_account', headers: bearer(who) })).json().data;

describe('billing details', () => {
  it('starts empty, with billing_account_incomplete among the profile issues', async () => {
    expect((await get(alice)).json().data).toEqual({
      recipient_type: null,
      method: null,
      details: {},
      is_complete: false,
      payout_issues: ['user_details_missing', 'billing_account_incomplete', 'legal_forms_not_submitted'],
      confirm_reason: null,
    });
    expect((await issues(alice)).issues.billing).toEqual(['billing_account_incomplete']);
  });

  it('refuses details that are not what they claim, and saves nothing', async () => {
    const wire = await put(alice, { recipient_type: 'company', method: 'wire', details: { account_holder: 'VR Media', iban: 'DE89370400440532013001', swift: 'DEUTDEF', bank_name: 'Deutsche Bank' } });
    expect(wire.statusCode).toBe(422);
    expect(wire.json().errors).toEqual({
      'details.iban': ['This IBAN is not valid: check its country, length and check digits.'],
      'details.swift': ['This SWIFT/BIC code is not valid.'],
    });
    const ach = await put(alice, { recipient_type: 'individual', method: 'ach', details: { account_holder: 'Alice', routing_number: '123456789', account_number: '000123456', account_type: 'checking' } });
    expect(ach.json().errors).toEqual({ 'details.routing_number': ['This routing number is not valid.'] });
    const usdt = await put(alice, { recipient_type: 'individual', method: 'usdt', details: { network: 'erc20', wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    expect(usdt.json().errors).toEqual({ 'details.wallet_address': ['This wallet address is not valid for the network chosen.'] });
    const inactive = await put(alice, { recipient_type: 'individual', method: 'paypal', details: { email: 'alice@example.com' } });
    expect(inactive.json()).toMatchObject({ error_code: 'validation_failed', errors: { method: ['This payment method does not exist.'] } });
    expect((await get(alice)).json().data.method).toBeNull();
  });

  it('saves complete details, which clears billing_account_incomplete for the profile and for payouts alike', async () => {
    const res = await put(alice, { recipient_type: 'company', method: 'wire', details: { account_holder: 'VR Media', iban: 'de89 3704 0044 0532 0130 00', swift: 'deutdeff', bank_name: 'Deutsche Bank', extra: 'dropped' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      recipient_type: 'company',
      method: { id: expect.any(Number), type: 'wire', name: 'Wire transfer', min_payout: 500, fee: 25 },
      details: { account_holder: 'VR Media', iban: 'DE89370400440532013000', swift: 'DEUTDEFF', bank_name: 'Deutsche Bank', bank_address: '' },
      is_complete: true,
      // Complete billing details alone do not make an affiliate payable: the tax form and address still hold payouts.
      payout_issues: ['user_details_missing', 'legal_forms_not_submitted'],
      confirm_reason: null,
    });
    const profile = await issues(alice);
    expect(profile.issues.billing).toEqual([]);
    expect(profile.billing_account).toEqual({ recipient_type: 'company' });
    expect((await profileIssuesOf(t.app.db, [aliceId])).get(aliceId)!.billing).toEqual([]);
    // Another affiliate's details stay their own.
    expect((await get(bob)).json().data.method).toBeNull();
    expect((await issues(bob)).issues.billing).toEqual(['billing_account_incomplete']);
  });

  it('tells payouts can be sent only when the one eligibility rule finds nothing holding them', async () => {
    // The same list the top bar shows (the profile's issues) and the period close holds a payout for.
    const fromProfile = await issues(alice);
    const billing = (await get(alice)).json().data;
    expect(billing.payout_issues).toEqual([...fromProfile.issues.info, ...fromProfile.issues.billing, ...fromProfile.issues.legal]);
    expect(billing.payout_issues).toEqual((await loadTerms(t.app.db, [aliceId])).get(aliceId)!.issues);
    await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload: { first_name: 'Alice', address: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' } });
    await t.app.db.execute(sql`update affiliate_profiles set legal_form_status = 'accepted' where user_id = ${aliceId}`);
    expect((await get(alice)).json().data.payout_issues).toEqual([]);
    expect((await issues(alice)).issues).toEqual({ info: [], billing: [], legal: [] });
  });

  it('is incomplete again when the method is deactivated', async () => {
    const wire = (await t.app.inject({ method: 'GET', url: '/v1/settings/payment-methods', headers: bearer(staff) })).json().data.find((m: { type: string }) => m.type === 'wire');
    await t.app.inject({ method: 'PUT', url: `/v1/settings/payment-methods/${wire.id}`, headers: bearer(staff), payload: { type: 'wire', name: 'Wire transfer', min_payout: 500, fee: 25, is_active: false } });
    expect((await get(alice)).json().data.is_complete).toBe(false);
    expect((await issues(alice)).issues.billing).toEqual(['billing_account_incomplete']);
    // A payout made now would be held for the same reason.
    expect((await loadTerms(t.app.db, [aliceId])).get(aliceId)!.issues).toContain('billing_account_incomplete');
  });

  it('is for affiliates only', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(staff)).statusCode).toBe(403);
    expect((await put(undefined, {})).statusCode).toBe(401);
    expect((await put(staff, { recipient_type: 'company', method: 'ach', details: {} })).statusCode).toBe(403);
  });
});
