import { conversionRequestSchema, type SharedGroup } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingAccounts, ledgerEntries, paymentMethods, sharedMarkers, taxForms, users } from '../src/db/schema/index.ts';
import { blindDigest } from '../src/lib/blind-index.ts';
import { encryptValue } from '../src/lib/field-crypto.ts';
import { backfillPayoutMarkers } from '../src/modules/billing/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { loadTerms } from '../src/modules/payouts/eligibility.ts';
import { backfillTaxNumberMarkers } from '../src/modules/tax-forms/index.ts';
import { cryptoContext } from '../src/modules/tax-forms/submit.ts';
import type { TestApp } from './helpers.ts';
import { form, pdfBytes } from './support/files.ts';
import { w8ben, w9 as w9Filled } from './support/tax-forms.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail, type SignedIn } from './support/people.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn, uniqueEmail } from './support/users.ts';

// Shared details (docs/fraud.md): markers written where each value is written, the Fraud screen's
// groups, Affiliate Details' list, the blind index read without decrypting, the start-up backfill and
// the referral commission between affiliates sharing a detail.

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp;
let p: Record<'staff' | 'noFraud' | 'alice' | 'bob' | 'carol' | 'referrer' | 'sharing' | 'apart', SignedIn>;
let key: Buffer;

beforeAll(async () => {
  ({ t, people: p } = await appWithPeople(mail, {
    staff: ['fraud', 'affiliates', 'offers'],
    noFraud: ['affiliates', 'payouts'],
    alice: 'affiliate',
    bob: 'affiliate',
    carol: 'affiliate',
    referrer: 'affiliate',
    sharing: 'affiliate',
    apart: 'affiliate',
  }));
  key = t.config.taxFormKey;
  await t.app.db.insert(paymentMethods).values([
    { type: 'paypal', name: 'PayPal', minPayoutCents: 5000 },
    { type: 'wire', name: 'Wire transfer', minPayoutCents: 50000 },
    { type: 'usdt', name: 'USDT', minPayoutCents: 10000 },
  ]);
  for (const [who, name] of [['alice', 'Alice Able'], ['bob', 'Bob Baker'], ['carol', 'Carol Cole']] as const) await t.app.db.update(users).set({ name }).where(eq(users.id, p[who].id));
});
afterAll(() => closeAppWithMail(t, mail));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Tokens, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
const paypal = (email: string) => ({ recipient_type: 'individual', method: 'paypal', details: { email } });
const saveBilling = async (who: SignedIn, body: object) => expect((await call('PUT', '/v1/user/billing', who.tokens, body)).statusCode).toBe(200);
const markersOf = async (id: number) =>
  Object.fromEntries((await t.app.db.select().from(sharedMarkers).where(eq(sharedMarkers.affiliateId, id))).map((m) => [m.kind, m.digest]));
const groups = async (): Promise<SharedGroup[]> => {
  const res = await call('GET', '/v1/fraud/shared', p.staff.tokens);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const groupOf = async (kind: SharedGroup['kind'], id: number) => (await groups()).find((g) => g.kind === kind && g.affiliates.some((a) => a.id === id));
const idsOf = (g: SharedGroup | undefined) => g?.affiliates.map((a) => a.id) ?? [];

const person = { name: 'Test Person', signature: 'Test Person' };
const w9 = (tin: string) => ({ ...w9Filled, ...person, state: 'TX', tin });
const w8 = (foreignTin: string) => ({ ...w8ben, ...person, foreign_tin: foreignTin, foreign_tin_not_required: !foreignTin });

describe('markers: written where the value is written', () => {
  it('billing details: the payout details, normalised, replaced when they change', async () => {
    await saveBilling(p.alice, paypal('Shared.Pay@Example.com'));
    await saveBilling(p.bob, paypal('shared.pay@example.com'));
    expect(await markersOf(p.alice.id)).toEqual({ payout_details: blindDigest(key, 'payout_details', 'shared.pay@example.com') });
    expect((await markersOf(p.bob.id)).payout_details).toBe((await markersOf(p.alice.id)).payout_details);

    // Another method, another detail: one marker of the kind, replaced (staff saving for the affiliate too).
    await saveBilling(p.carol, paypal('shared.pay@example.com'));
    const wire = { recipient_type: 'individual', method: 'wire', details: { account_holder: 'Carol Cole', iban: 'de89 3704 0044 0532 0130 00', swift: 'DEUTDEFF', bank_name: 'Deutsche Bank' } };
    expect((await t.app.inject({ method: 'PUT', url: `/v1/user/billing?user_id=${p.carol.id}`, headers: bearer(p.noFraud.tokens), payload: wire })).statusCode).toBe(200);
    expect(await markersOf(p.carol.id)).toEqual({ payout_details: blindDigest(key, 'payout_details', 'DE89370400440532013000') });
    const usdt = { recipient_type: 'individual', method: 'usdt', details: { network: 'erc20', wallet_address: ' 0x52908400098527886E0F7030069857D2E4169EE7 ' } };
    await saveBilling(p.carol, usdt);
    expect(await markersOf(p.carol.id)).toEqual({ payout_details: blindDigest(key, 'payout_details', '0x52908400098527886E0F7030069857D2E4169EE7') });
  });

  it('tax forms: the TIN before encryption, letters and digits only; an upload keeps it, a form without one removes it', async () => {
    expect((await call('POST', '/v1/tax-forms', p.alice.tokens, w9('123-45-6789'))).statusCode).toBe(201);
    expect((await call('POST', '/v1/tax-forms', p.bob.tokens, w9('123456789'))).statusCode).toBe(201);
    expect((await markersOf(p.alice.id)).tax_number).toBe(blindDigest(key, 'tax_number', '123456789'));
    expect((await markersOf(p.bob.id)).tax_number).toBe((await markersOf(p.alice.id)).tax_number);

    // A signed PDF has no TIN we read: the number the affiliate gave before stays.
    const body = new Response(form({ form_type: 'w9' }, { file: { name: 'w9.pdf', bytes: pdfBytes } }));
    const up = await t.app.inject({ method: 'POST', url: '/v1/tax-forms', headers: { ...bearer(p.bob.tokens), 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
    expect(up.statusCode).toBe(201);
    expect((await markersOf(p.bob.id)).tax_number).toBe(blindDigest(key, 'tax_number', '123456789'));

    expect((await call('POST', '/v1/tax-forms', p.carol.tokens, w8('de 12/345/67890'))).statusCode).toBe(201);
    expect((await markersOf(p.carol.id)).tax_number).toBe(blindDigest(key, 'tax_number', 'DE1234567890'));
    expect((await call('POST', '/v1/tax-forms', p.carol.tokens, w8(''))).statusCode).toBe(201);
    expect((await markersOf(p.carol.id)).tax_number).toBeUndefined();
  });

  it('sign-up: the address signed up from', async () => {
    const signUp = async (remoteAddress: string) => {
      const email = uniqueEmail('signup');
      const res = await t.app.inject({ method: 'POST', url: '/v1/register', remoteAddress, payload: { first_name: 'Sam', email, password: 'signup-pass-1', password_confirmation: 'signup-pass-1', accept_terms: true } });
      expect(res.statusCode).toBe(201);
      const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return u!.id;
    };
    const [one, two, three] = [await signUp('198.51.100.7'), await signUp('198.51.100.7'), await signUp('198.51.100.8')];
    expect(await markersOf(one)).toEqual({ signup_ip: blindDigest(key, 'signup_ip', '198.51.100.7') });
    expect(idsOf(await groupOf('signup_ip', one))).toEqual([one, two]);
    expect(await groupOf('signup_ip', three)).toBeUndefined();
    // A proxy's or the machine's own address (private, loopback) is no one's: no marker, no group.
    const [local, lan, mapped] = [await signUp('127.0.0.1'), await signUp('10.1.2.3'), await signUp('::ffff:192.168.1.9')];
    for (const id of [local, lan, mapped]) expect(await markersOf(id)).toEqual({});
  });
});

describe('GET /v1/fraud/shared', () => {
  it('lists each detail two or more affiliates hold, with who holds it, never the value or its digest', async () => {
    const res = await call('GET', '/v1/fraud/shared', p.staff.tokens);
    expect(res.statusCode).toBe(200);
    const data: SharedGroup[] = res.json().data;
    expect(data.find((g) => g.kind === 'payout_details')).toEqual({
      kind: 'payout_details',
      affiliates: [
        { id: p.alice.id, name: 'Alice Able', email: p.alice.email },
        { id: p.bob.id, name: 'Bob Baker', email: p.bob.email },
      ],
    });
    expect(idsOf(data.find((g) => g.kind === 'tax_number'))).toEqual([p.alice.id, p.bob.id]);
    // Kinds in their order: payout details, tax number, sign-up address.
    expect(data.map((g) => g.kind)).toEqual(['payout_details', 'tax_number', 'signup_ip']);
    expect(res.body).not.toMatch(/shared\.pay|123456789|198\.51\.100/i);
    for (const m of await t.app.db.select().from(sharedMarkers)) expect(res.body).not.toContain(m.digest);
  });

  it('is for staff with the fraud permission', async () => {
    expect((await call('GET', '/v1/fraud/shared')).statusCode).toBe(401);
    expect((await call('GET', '/v1/fraud/shared', p.alice.tokens)).statusCode).toBe(403);
    expect((await call('GET', '/v1/fraud/shared', p.noFraud.tokens)).statusCode).toBe(403);
  });

  it('matches through the blind index alone: stored TINs unreadable, the groups stay and nothing is decrypted again', async () => {
    await t.app.db.update(taxForms).set({ tinsEncrypted: 'garbage' }).where(sql`${taxForms.affiliateId} in (${p.alice.id}, ${p.bob.id}) and ${taxForms.source} = 'filled'`);
    expect(idsOf(await groupOf('tax_number', p.alice.id))).toEqual([p.alice.id, p.bob.id]);
    // The start-up backfill reads only forms without a marker: these are never decrypted (no warning).
    const log = { warn: vi.fn<(obj: object, msg: string) => void>() };
    expect(await backfillTaxNumberMarkers(t.app.db, key, log)).toBe(0);
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe('start-up backfill', () => {
  it('writes the markers of billing details and tax forms saved before, once; an unreadable TIN is logged and left', async () => {
    const dana = await createAffiliate(t.app);
    const erin = await createAffiliate(t.app);
    const [method] = await t.app.db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.type, 'paypal'));
    await t.app.db.insert(billingAccounts).values({ userId: dana.id, recipientType: 'individual', paymentMethodId: method!.id, details: { email: 'SHARED.pay@example.com' }, isComplete: true });
    const filled = { formType: 'w9', source: 'filled', status: 'accepted', fields: {}, tinType: 'ssn', tinLast4: '6789', signedAt: '2026-01-05' };
    await t.app.db.insert(taxForms).values({ ...filled, affiliateId: dana.id, tinsEncrypted: encryptValue(key, JSON.stringify({ tin: '123-45-6789' }), cryptoContext(dana.id, 'tins')) });
    await t.app.db.insert(taxForms).values({ ...filled, affiliateId: erin.id, tinsEncrypted: encryptValue(key, JSON.stringify({ tin: '123-45-6789' }), cryptoContext(p.alice.id, 'tins')) });

    const log = { warn: vi.fn<(obj: object, msg: string) => void>() };
    expect(await backfillPayoutMarkers(t.app.db, key)).toBe(1);
    expect(await backfillTaxNumberMarkers(t.app.db, key, log)).toBe(1);
    // Erin's TIN is bound to another affiliate: it does not decrypt, and nothing is guessed.
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await markersOf(erin.id)).toEqual({});
    expect(idsOf(await groupOf('payout_details', dana.id))).toEqual([p.alice.id, p.bob.id, dana.id]);
    expect(idsOf(await groupOf('tax_number', dana.id))).toEqual([p.alice.id, p.bob.id, dana.id]);
    // Once: a second start writes nothing.
    expect(await backfillPayoutMarkers(t.app.db, key)).toBe(0);
    expect(await backfillTaxNumberMarkers(t.app.db, key, { warn: vi.fn<(obj: object, msg: string) => void>() })).toBe(0);
    // An affiliate leaving takes their markers along.
    await t.app.db.delete(users).where(eq(users.id, dana.id));
    expect(idsOf(await groupOf('payout_details', p.alice.id))).toEqual([p.alice.id, p.bob.id]);
  });
});

describe('Affiliate Details', () => {
  it('shows staff which details the affiliate shares and with whom, never as a payout hold, and never to the affiliate', async () => {
    const summary = async (who: Tokens, id = p.alice.id) => {
      const res = await call('GET', `/v1/affiliates/${id}/summary`, who);
      expect(res.statusCode).toBe(200);
      return res.json().data.shared_details;
    };
    expect(await summary(p.noFraud.tokens)).toEqual([
      { kind: 'payout_details', with: [{ id: p.bob.id, name: 'Bob Baker' }] },
      { kind: 'tax_number', with: [{ id: p.bob.id, name: 'Bob Baker' }] },
    ]);
    expect(await summary(p.noFraud.tokens, p.carol.id)).toEqual([]);
    // A manager limited to assigned affiliates sees only those.
    const m = await createStaff(t.app, ['affiliates'], { assignedAffiliatesOnly: true });
    const manager = await signIn(t.app, mail, m.email, m.password);
    await t.app.db.update(users).set({ managerId: m.id }).where(eq(users.id, p.alice.id));
    expect(await summary(manager)).toEqual([]);
    await t.app.db.update(users).set({ managerId: m.id }).where(eq(users.id, p.bob.id));
    expect(await summary(manager)).toEqual([
      { kind: 'payout_details', with: [{ id: p.bob.id, name: 'Bob Baker' }] },
      { kind: 'tax_number', with: [{ id: p.bob.id, name: 'Bob Baker' }] },
    ]);
    // Not a payout hold, and not in the affiliate's own replies.
    expect((await loadTerms(t.app.db, [p.alice.id])).get(p.alice.id)!.issues.filter((c) => /shared/.test(c))).toEqual([]);
    const own = await call('GET', '/v1/user/profile?include=billing_account', p.alice.tokens);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('shared_details');
    expect((await call('GET', `/v1/affiliates/${p.alice.id}/summary`, p.alice.tokens)).statusCode).toBe(403);
  });
});

describe('referral commission', () => {
  let cpa: Awaited<ReturnType<typeof createCatalogue>>;
  let ip = 0;
  const commissions = async () =>
    (await t.app.db.select({ cents: ledgerEntries.amountCents }).from(ledgerEntries).where(and(eq(ledgerEntries.affiliateId, p.referrer.id), eq(ledgerEntries.kind, 'referral_commission')))).map((r) => r.cents);
  const cidFor = async (who: SignedIn) => {
    const link = await trackingLink(t.app, who.tokens, cpa.offerId);
    return (await click(t.app, link.url, { ip: `10.58.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
  };

  beforeAll(async () => {
    cpa = await createCatalogue(t.app, p.staff.tokens, { name: 'sharedvr', payoutType: 'cpa', payout: 10, goal: 'sale' });
    await saveBilling(p.referrer, paypal('family@pay.example'));
    await saveBilling(p.sharing, paypal(' Family@Pay.example'));
    await saveBilling(p.apart, paypal('apart@pay.example'));
    await t.app.db.update(users).set({ referredById: p.referrer.id }).where(sql`${users.id} in (${p.sharing.id}, ${p.apart.id})`);
  });

  it('batched (POST /v1/conversions): a referred affiliate sharing a PayPal address earns the referrer nothing; one not sharing does', async () => {
    const shared = await convert(t.app, cpa.apiKey, { cid: await cidFor(p.sharing), type: 'sale', amount: '20', transaction_id: 'SHARED-B-1' });
    expect(shared.json().data).toMatchObject({ status: 'accepted', earning: 10 });
    expect(await commissions()).toEqual([]);
    const apart = await convert(t.app, cpa.apiKey, { cid: await cidFor(p.apart), type: 'sale', amount: '20', transaction_id: 'APART-B-1' });
    expect(apart.json().data).toMatchObject({ status: 'accepted', earning: 10 });
    expect(await commissions()).toEqual([50]);
  });

  it('one by one (recordConversion): the same', async () => {
    const sale = async (who: SignedIn, transactionId: string) =>
      recordConversion(t.app.db, cpa.siteId, conversionRequestSchema.parse({ cid: await cidFor(who), type: 'sale', amount: '20', transaction_id: transactionId }));
    expect(await sale(p.sharing, 'SHARED-O-1')).toMatchObject({ status: 'accepted', earningCents: 1000 });
    expect(await commissions()).toEqual([50]);
    expect(await sale(p.apart, 'APART-O-1')).toMatchObject({ status: 'accepted', earningCents: 1000 });
    expect(await commissions()).toEqual([50, 50]);
    // Once they no longer share it, the referrer earns again.
    await saveBilling(p.sharing, paypal('own@pay.example'));
    expect(await sale(p.sharing, 'SHARED-O-2')).toMatchObject({ status: 'accepted', earningCents: 1000 });
    expect(await commissions()).toEqual([50, 50, 50]);
  });
});
