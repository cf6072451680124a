import { conversionRequestSchema } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, settings, users } from '../src/db/schema/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn, uniqueEmail } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let rev: Awaited<ReturnType<typeof createCatalogue>>;
let cpa: Awaited<ReturnType<typeof createCatalogue>>;
let ip = 0;
let signUps = 0;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const s = await createStaff(t.app, ['offers', 'affiliates']);
  staff = await signIn(t.app, mail, s.email, s.password);
  rev = await createCatalogue(t.app, staff, { name: 'refvr', payoutType: 'revshare', payout: 33.33 });
  cpa = await createCatalogue(t.app, staff, { name: 'refcpa', payoutType: 'cpa', payout: 9.99, goal: 'sale' });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

/** An affiliate referred by `referrerId` (through the sign-up address), activated, signed in. */
async function referredAffiliate(referrerId: number | null, name = 'Jane Doe') {
  const email = uniqueEmail('referred');
  const password = 'referred-pass-1';
  // Each from an address of their own: affiliates signing up from one address earn each other no commission (test/shared-details.test.ts).
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/register${referrerId ? `?referred_by=${referrerId}` : ''}`,
    payload: { first_name: name, email, password, password_confirmation: password, accept_terms: true },
    remoteAddress: `10.77.${Math.floor(++signUps / 250)}.${(signUps % 250) + 1}`,
  });
  expect(res.statusCode).toBe(201);
  // Confirmed and approved by staff (sign-up approval is on by default), so tracking links are theirs to make.
  const [u] = await t.app.db.update(users).set({ isActive: true, approvalStatus: 'approved' }).where(eq(users.email, email)).returning();
  return { id: u!.id, referredById: u!.referredById, tokens: await signIn(t.app, mail, email, password) };
}

async function sale(who: Tokens, offer: typeof rev, amount: string, transactionId: string) {
  const link = await trackingLink(t.app, who, offer.offerId);
  const visit = await click(t.app, link.url, { ip: `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const res = await convert(t.app, offer.apiKey, { cid: visit.cid, type: 'sale', amount, transaction_id: transactionId });
  expect(res.json().data.status).toBe('accepted');
  return { cid: visit.cid!, earning: res.json().data.earning as number };
}

const commissionsOf = (affiliateId: number) =>
  t.app.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.affiliateId, affiliateId), eq(ledgerEntries.kind, 'referral_commission')));

describe('signing up through a referral link', () => {
  it('records an active affiliate as referrer, and ignores staff, inactive and unknown codes', async () => {
    const referrer = await createAffiliate(t.app);
    const inactive = await createAffiliate(t.app, { active: false });
    const s = await createStaff(t.app, []);
    expect((await referredAffiliate(referrer.id)).referredById).toBe(referrer.id);
    expect((await referredAffiliate(inactive.id)).referredById).toBeNull();
    expect((await referredAffiliate(s.id)).referredById).toBeNull();
    expect((await referredAffiliate(999_999)).referredById).toBeNull();
  });
});

describe('referral commission', () => {
  it('pays the referrer 5 % of each earning, to the cent, in the batched path, and never reduces the earning', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    // 33.33 % of 39.99 = 13.33 (13.328667); 5 % of 13.33 = 0.6665 -> 0.67.
    const s = await sale(jane.tokens, rev, '39.99', 'REF-1');
    expect(s.earning).toBe(13.33);
    const [earning] = await t.app.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.affiliateId, jane.id), eq(ledgerEntries.kind, 'earning')));
    expect(earning!.amountCents).toBe(1333);
    const commissions = await commissionsOf(referrer.id);
    expect(commissions).toEqual([expect.objectContaining({ amountCents: 67, sourceId: earning!.id, reversesId: null })]);
    expect(await balanceCents(t.app.db, jane.id)).toBe(1333);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(67);
  });

  it('pays it too when a conversion is recorded on its own (the path a failed batch falls back to)', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    const link = await trackingLink(t.app, jane.tokens, cpa.offerId);
    const visit = await click(t.app, link.url, { ip: '10.99.0.1' });
    const input = conversionRequestSchema.parse({ cid: visit.cid, type: 'sale', amount: '20', transaction_id: 'REF-ALONE-1' });
    expect(await recordConversion(t.app.db, cpa.siteId, input)).toMatchObject({ status: 'accepted', earningCents: 999 });
    expect((await commissionsOf(referrer.id)).map((c) => c.amountCents)).toEqual([50]);
  });

  it('takes the commission back with a refund or chargeback, in proportion, and all of it when the earning is gone', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    const s = await sale(jane.tokens, cpa, '50', 'REF-CPA-1');
    expect(s.earning).toBe(9.99);
    expect((await commissionsOf(referrer.id)).map((c) => c.amountCents)).toEqual([50]); // 0.4995 -> 0.50
    const r = await sale(jane.tokens, rev, '100.00', 'REF-REV-1'); // 33.33
    expect(r.earning).toBe(33.33);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(50 + 167); // 1.6665 -> 1.67
    // Half of the revshare sale refunded: 16.67 of 33.33 back; the commission keeps 5 % of 16.66.
    const refund = await convert(t.app, rev.apiKey, { cid: r.cid, type: 'refund', amount: '50.00', transaction_id: 'REF-RF-1', original_transaction_id: 'REF-REV-1' });
    expect(refund.json().data.earning).toBe(-16.67);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(50 + 83); // 5 % of 16.66 = 0.833
    const cb = await convert(t.app, cpa.apiKey, { cid: s.cid, type: 'chargeback', amount: '50', transaction_id: 'REF-CB-1' });
    expect(cb.json().data.earning).toBe(-9.99);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(83);
    const negative = (await commissionsOf(referrer.id)).filter((c) => c.amountCents < 0);
    expect(negative.every((c) => c.reversesId !== null && c.sourceId !== null)).toBe(true);
  });

  it('is one level only, and stops for a referrer who is no longer active', async () => {
    const top = await createAffiliate(t.app);
    const middle = await referredAffiliate(top.id, 'Mid Dle');
    const bottom = await referredAffiliate(middle.id, 'Bot Tom');
    await sale(bottom.tokens, cpa, '20', 'REF-LEVEL-1');
    expect((await commissionsOf(middle.id)).map((c) => c.amountCents)).toEqual([50]);
    expect(await commissionsOf(top.id)).toEqual([]);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, middle.id));
    await sale(bottom.tokens, cpa, '20', 'REF-LEVEL-2');
    expect((await commissionsOf(middle.id)).map((c) => c.amountCents)).toEqual([50]);
  });

  it('follows the rate setting', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    await t.app.db.insert(settings).values({ key: 'referral_rate_bp', value: 1000 });
    try {
      await sale(jane.tokens, cpa, '20', 'REF-RATE-1');
      // The referrer is shown the rate they are paid.
      const tokens = await signIn(t.app, mail, referrer.email, referrer.password);
      const shown = (await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(tokens) })).json().data;
      expect(shown).toMatchObject({ rate: 10, commission_all_time: 1 });
    } finally {
      await t.app.db.execute(sql`delete from settings where key = 'referral_rate_bp'`);
    }
    expect((await commissionsOf(referrer.id)).map((c) => c.amountCents)).toEqual([100]);
  });

  it('keeps every commission at 5 % of what is left of its earning, to the cent, over any sales and refunds', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 99_999 }),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.constant(0)), { maxLength: 3 }),
        async (saleCents, refunds) => {
          const id = `PROP-${++n}`;
          const s = await sale(jane.tokens, rev, (saleCents / 100).toFixed(2), id);
          for (const [i, cents] of refunds.entries()) {
            // 0 stands for a chargeback of whatever is left.
            const body = cents ? { type: 'refund', amount: (cents / 100).toFixed(2) } : { type: 'chargeback' };
            await convert(t.app, rev.apiKey, { cid: s.cid, ...body, transaction_id: `${id}-R${i}`, original_transaction_id: id });
          }
          const [earning] = await t.app.db
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.kind, 'earning'), eq(ledgerEntries.affiliateId, jane.id), sql`${ledgerEntries.conversionId} = (select id from conversions where transaction_id = ${id})`));
          const [left] = await t.app.db.select({ c: sql<string>`sum(amount_cents)` }).from(ledgerEntries).where(sql`id = ${earning!.id} or (reverses_id = ${earning!.id} and kind = 'reversal')`);
          const [commission] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.sourceId, earning!.id));
          const [paid] = await t.app.db.select({ c: sql<string>`sum(amount_cents)` }).from(ledgerEntries).where(sql`id = ${commission!.id} or reverses_id = ${commission!.id}`);
          const original = Math.floor((earning!.amountCents * 500 + 5000) / 10000);
          expect(commission!.amountCents).toBe(original);
          const net = Number(left!.c);
          expect(Number(paid!.c)).toBe(Math.floor((2 * net * original + earning!.amountCents) / (2 * earning!.amountCents)));
          // Nothing left of the earning: nothing left of the commission.
          expect(net === 0 ? Number(paid!.c) : 0).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
    // The referrer's balance is the sum of their commission rows, and the referred affiliate's of theirs.
    const [sums] = await t.app.db.select({ c: sql<string>`sum(amount_cents)` }).from(ledgerEntries).where(eq(ledgerEntries.affiliateId, referrer.id));
    expect(await balanceCents(t.app.db, referrer.id)).toBe(Number(sums!.c));
  });
});

describe('refunds and chargebacks', () => {
  it('without the original sale, take back the newest earning on the click not yet taken back, then the one before, then nothing', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    const s = await sale(jane.tokens, rev, '40.00', 'RV-SALE-1'); // 33.33 % of 40.00 = 13.332 -> 13.33
    expect(s.earning).toBe(13.33);
    const rebill = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'rebill', amount: '20.00', transaction_id: 'RV-REBILL-1' });
    expect(rebill.json().data.earning).toBe(6.67); // 6.666 -> 6.67
    expect(await balanceCents(t.app.db, referrer.id)).toBe(67 + 33);
    const first = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'chargeback', transaction_id: 'RV-CB-1' });
    expect(first.json().data.earning).toBe(-6.67);
    expect(await balanceCents(t.app.db, jane.id)).toBe(1333);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(67);
    const second = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'chargeback', transaction_id: 'RV-CB-2' });
    expect(second.json().data.earning).toBe(-13.33);
    const third = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'chargeback', transaction_id: 'RV-CB-3' });
    expect(third.json().data.earning).toBe(0);
    expect(await balanceCents(t.app.db, jane.id)).toBe(0);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(0);
  });

  it('never take back more than is left of the earning, nor anything for a sale the site does not know', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    const s = await sale(jane.tokens, rev, '10.00', 'RV-SALE-2'); // 3.333 -> 3.33
    expect(s.earning).toBe(3.33);
    const unknown = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '10.00', transaction_id: 'RV-RF-0', original_transaction_id: 'RV-NO-SUCH-SALE' });
    // A sale the site does not know: stored as orphaned with the reason, moving no money.
    expect(unknown.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'No conversion of this site has this original transaction id.' });
    // A hundredth refunded: 0.03 back; 5 % of the 3.30 left still rounds to the 0.17 paid, so the commission stays.
    const tiny = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '0.10', transaction_id: 'RV-RF-00', original_transaction_id: 'RV-SALE-2' });
    expect(tiny.json().data.earning).toBe(-0.03);
    expect((await commissionsOf(referrer.id)).map((c) => c.amountCents)).toEqual([17]);
    // A tenth refunded: 0.33 back; the commission keeps 5 % of 2.97.
    const part = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '1.00', transaction_id: 'RV-RF-1', original_transaction_id: 'RV-SALE-2' });
    expect(part.json().data.earning).toBe(-0.33);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(15);
    // Refunded five times the sale: only the 2.97 left comes back.
    const over = await convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '50.00', transaction_id: 'RV-RF-2', original_transaction_id: 'RV-SALE-2' });
    expect(over.json().data.earning).toBe(-2.97);
    expect(await balanceCents(t.app.db, jane.id)).toBe(0);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(0);
  });

  it('take back the earning of an affiliate nobody referred, and pay no one', async () => {
    const alone = await referredAffiliate(null);
    const s = await sale(alone.tokens, cpa, '30', 'RV-ALONE-1');
    const cb = await convert(t.app, cpa.apiKey, { cid: s.cid, type: 'chargeback', transaction_id: 'RV-ALONE-CB-1' });
    expect(cb.json().data.earning).toBe(-9.99);
    expect(await balanceCents(t.app.db, alone.id)).toBe(0);
    const [kinds] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'referral_commission'), sql`${ledgerEntries.sourceId} in (select id from ledger_entries where affiliate_id = ${alone.id})`));
    expect(kinds!.n).toBe(0);
  });

  it('take back a cpa earning in full, whatever the amount refunded', async () => {
    const referrer = await createAffiliate(t.app);
    const jane = await referredAffiliate(referrer.id);
    const s = await sale(jane.tokens, cpa, '80', 'RV-CPA-1');
    expect(s.earning).toBe(9.99);
    const refund = await convert(t.app, cpa.apiKey, { cid: s.cid, type: 'refund', amount: '8.00', transaction_id: 'RV-CPA-RF-1', original_transaction_id: 'RV-CPA-1' });
    expect(refund.json().data.earning).toBe(-9.99);
    expect(await balanceCents(t.app.db, referrer.id)).toBe(0);
  });
});

describe('GET /v1/referrals', () => {
  it('shows an affiliate their link and referred affiliates, masked, with commissions this month and all time', async () => {
    const referrer = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, referrer.email, referrer.password);
    const jane = await referredAffiliate(referrer.id, 'Jane Marie Doe');
    await referredAffiliate(referrer.id, 'Solo');
    await sale(jane.tokens, cpa, '20', 'REF-LIST-1');
    const res = await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(tokens) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // The link carries an opaque code, not the sequential user id, and it stays the same.
    expect(data.code).toMatch(/^[a-z][a-z2-9]{9}$/);
    expect(data.code).not.toContain(String(referrer.id));
    expect(data).toMatchObject({ link: `http://portal.test/signup?referred_by=${data.code}`, rate: 5, commission_this_month: 0.5, commission_all_time: 0.5 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(tokens) })).json().data.code).toBe(data.code);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(tokens) })).json().data.referral_code).toBe(data.code);
    expect(data.referred.map((r: { name: string; commission_all_time: number; commission_this_month: number }) => [r.name, r.commission_this_month, r.commission_all_time])).toEqual([
      ['Jane D.', 0.5, 0.5],
      ['Solo', 0, 0],
    ]);
    expect(res.body).not.toContain('Marie');
    // Another affiliate sees only their own (none).
    const other = await createAffiliate(t.app);
    const theirs = (await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(await signIn(t.app, mail, other.email, other.password)) })).json().data;
    expect(theirs).toMatchObject({ referred: [], commission_all_time: 0 });
    expect(theirs.code).not.toBe(data.code);
  });

  it('is for affiliates only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/referrals' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/referrals', headers: bearer(staff) })).statusCode).toBe(403);
  });
});
