import { conversionRequestSchema } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ledgerEntries, paymentMethods, settings, users } from '../src/db/schema/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail, type SignedIn } from './support/people.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

// Referral commission withheld for shared details (docs/money.md, "Withheld for review"): the
// referrer's screens show it as any commission in the hold, whether their details matched or not;
// staff with fraud see why, and release or reject it once.

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp;
let p: Record<'staff' | 'noFraud' | 'guesser' | 'honest' | 'guessed' | 'other', SignedIn>;
let cpa: Awaited<ReturnType<typeof createCatalogue>>;
let ip = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
const paypal = (email: string) => ({ recipient_type: 'individual', method: 'paypal', details: { email } });
const saveBilling = async (who: SignedIn, body: object) => expect((await call('PUT', '/v1/user/billing', who.tokens, body)).statusCode).toBe(200);
const cidFor = async (who: SignedIn) => {
  const link = await trackingLink(t.app, who.tokens, cpa.offerId);
  return (await click(t.app, link.url, { ip: `10.61.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
};
const commissionRows = async (who: SignedIn) =>
  (await t.app.db.select({ cents: ledgerEntries.amountCents }).from(ledgerEntries).where(and(eq(ledgerEntries.affiliateId, who.id), eq(ledgerEntries.kind, 'referral_commission')))).map((r) => r.cents);
const withheld = async (status?: string) => {
  const res = await call('GET', `/v1/fraud/withheld-commissions${status ? `?status=${status}` : ''}`, p.staff.tokens);
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ id: number; referrer: { id: number }; referred: { id: number }; amount: number; shared: string[]; status: string; paid: number | null; reason: string | null }>;
};

/** What a referrer reads of their money, without what differs by who they are (names, ids, codes, moments). */
async function referrerView(who: SignedIn) {
  const [referrals, balance, whenPaid] = await Promise.all(
    ['/v1/referrals', '/v1/balance', '/v1/payouts/when-paid'].map(async (url) => {
      const res = await call('GET', url, who.tokens);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    }),
  );
  return {
    referrals: {
      commission_this_month: referrals.commission_this_month,
      commission_all_time: referrals.commission_all_time,
      referred: referrals.referred.map((r: Record<string, unknown>) => ({ commission_this_month: r.commission_this_month, commission_all_time: r.commission_all_time, is_active: r.is_active })),
    },
    balance,
    whenPaid: { pending_hold: whenPaid.pending_hold, releases: whenPaid.releases.map((r: { amount: number; next_payout: boolean }) => [r.amount, r.next_payout]), projected: whenPaid.projected?.amount ?? null },
  };
}

beforeAll(async () => {
  ({ t, people: p } = await appWithPeople(mail, { staff: ['fraud', 'affiliates', 'offers'], noFraud: ['affiliates', 'payouts'], guesser: 'affiliate', honest: 'affiliate', guessed: 'affiliate', other: 'affiliate' }));
  await t.app.db.insert(paymentMethods).values([{ type: 'paypal', name: 'PayPal', minPayoutCents: 5000 }]);
  cpa = await createCatalogue(t.app, p.staff.tokens, { name: 'withheldvr', payoutType: 'cpa', payout: 10, goal: 'sale' });
  // Two referrers: one sets their payout details to the referred affiliate's, the other keeps their own.
  await saveBilling(p.guessed, paypal('guessed@pay.example'));
  await saveBilling(p.other, paypal('other@pay.example'));
  await saveBilling(p.guesser, paypal('Guessed@Pay.example'));
  await saveBilling(p.honest, paypal('honest@pay.example'));
  await t.app.db.update(users).set({ referredById: p.guesser.id }).where(eq(users.id, p.guessed.id));
  await t.app.db.update(users).set({ referredById: p.honest.id }).where(eq(users.id, p.other.id));
});
afterAll(() => closeAppWithMail(t, mail));

describe("the referrer's view", () => {
  it('is the same whether their payout details matched the referred affiliate’s or not', async () => {
    // Batched path (POST /v1/conversions) and one by one (recordConversion).
    for (const [who, n] of [[p.guessed, 1], [p.other, 1]] as const) {
      expect((await convert(t.app, cpa.apiKey, { cid: await cidFor(who), type: 'sale', amount: '20', transaction_id: `WH-B-${who.id}-${n}` })).json().data).toMatchObject({ status: 'accepted', earning: 10 });
      const one = await recordConversion(t.app.db, cpa.siteId, conversionRequestSchema.parse({ cid: await cidFor(who), type: 'sale', amount: '20', transaction_id: `WH-O-${who.id}-${n}` }));
      expect(one).toMatchObject({ status: 'accepted', earningCents: 1000 });
    }
    // The match paid nothing: the commission waits for staff.
    expect(await commissionRows(p.guesser)).toEqual([]);
    expect(await commissionRows(p.honest)).toEqual([50, 50]);

    const guesser = await referrerView(p.guesser);
    const honest = await referrerView(p.honest);
    expect(guesser).toEqual(honest);
    expect(guesser.referrals.referred).toEqual([{ commission_this_month: 1, commission_all_time: 1, is_active: true }]);
    expect(guesser.balance).toMatchObject({ pending_hold: 1, pending_review: 0, available: 0 });

    // Nothing the referrer reads names the reason.
    for (const url of ['/v1/referrals', '/v1/balance', '/v1/payouts/when-paid']) {
      const res = await call('GET', url, p.guesser.tokens);
      expect(res.body).not.toMatch(/shared|payout_details|withheld/i);
    }
  });
});

describe("staff's review", () => {
  it('lists the withheld commissions with the details shared, for staff with fraud only', async () => {
    const list = await withheld('pending');
    expect(list).toHaveLength(2);
    expect(list.map((w) => [w.referrer.id, w.referred.id, w.amount, w.shared, w.status])).toEqual([
      [p.guesser.id, p.guessed.id, 0.5, ['payout_details'], 'pending'],
      [p.guesser.id, p.guessed.id, 0.5, ['payout_details'], 'pending'],
    ]);
    expect((await call('GET', '/v1/fraud/withheld-commissions', p.noFraud.tokens)).statusCode).toBe(403);
    expect((await call('GET', '/v1/fraud/withheld-commissions', p.guesser.tokens)).statusCode).toBe(403);
    expect((await call('POST', `/v1/fraud/withheld-commissions/${list[0]!.id}/release`, p.guesser.tokens)).statusCode).toBe(403);
  });

  it('releases one: the referrer is paid once, the event history says who did it, a second decision is a 409', async () => {
    const [first] = await withheld('pending');
    const res = await call('POST', `/v1/fraud/withheld-commissions/${first!.id}/release`, p.staff.tokens);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Commission released.', data: { id: first!.id, status: 'released', paid: 0.5 } });
    expect(await commissionRows(p.guesser)).toEqual([50]);
    expect((await call('POST', `/v1/fraud/withheld-commissions/${first!.id}/release`, p.staff.tokens)).statusCode).toBe(409);
    expect((await call('POST', `/v1/fraud/withheld-commissions/${first!.id}/reject`, p.staff.tokens, { reason: 'Same person' })).statusCode).toBe(409);
    expect(await commissionRows(p.guesser)).toEqual([50]);
    const [event] = await t.app.db.select().from(events).where(and(eq(events.type, 'referral_commission.released'), eq(events.objectId, String(first!.id))));
    expect(event).toMatchObject({ actorId: p.staff.id, subjectId: p.guesser.id });
    // Released, it is an ordinary commission: the referrer's figures are unchanged.
    expect((await referrerView(p.guesser)).referrals.commission_all_time).toBe(1);
  });

  it('rejects one with a reason: nothing is paid, the referrer no longer counts it', async () => {
    const [second] = await withheld('pending');
    expect((await call('POST', `/v1/fraud/withheld-commissions/${second!.id}/reject`, p.staff.tokens, {})).statusCode).toBe(422);
    const res = await call('POST', `/v1/fraud/withheld-commissions/${second!.id}/reject`, p.staff.tokens, { reason: 'One household' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Commission rejected.', data: { status: 'rejected', paid: null, reason: 'One household' } });
    expect(await commissionRows(p.guesser)).toEqual([50]);
    expect((await referrerView(p.guesser)).referrals.commission_all_time).toBe(0.5);
    expect(await withheld('pending')).toEqual([]);
    expect((await withheld()).map((w) => w.status)).toEqual(['released', 'rejected']);
    const [event] = await t.app.db.select().from(events).where(and(eq(events.type, 'referral_commission.rejected'), eq(events.objectId, String(second!.id))));
    expect(event).toMatchObject({ actorId: p.staff.id, subjectId: p.guesser.id });
    expect((await call('POST', '/v1/fraud/withheld-commissions/999999/release', p.staff.tokens)).statusCode).toBe(404);
  });

  it('decisions at once: exactly one wins, the referrer is paid at most once', async () => {
    const sale = await recordConversion(t.app.db, cpa.siteId, conversionRequestSchema.parse({ cid: await cidFor(p.guessed), type: 'sale', amount: '20', transaction_id: 'WH-RACE' }));
    expect(sale).toMatchObject({ status: 'accepted' });
    const [hold] = await withheld('pending');
    const answers = await Promise.all([
      call('POST', `/v1/fraud/withheld-commissions/${hold!.id}/release`, p.staff.tokens),
      call('POST', `/v1/fraud/withheld-commissions/${hold!.id}/release`, p.staff.tokens),
      call('POST', `/v1/fraud/withheld-commissions/${hold!.id}/reject`, p.staff.tokens, { reason: 'Race' }),
      call('POST', `/v1/fraud/withheld-commissions/${hold!.id}/release`, p.staff.tokens),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json().data.status;
    expect(await commissionRows(p.guesser)).toEqual(won === 'released' ? [50, 50] : [50]);
    const decisions = await t.app.db.execute(sql`select count(*)::int as n from referral_commission_decisions where hold_id = ${hold!.id}`);
    expect((decisions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('the withheld rows and their decisions cannot be changed or removed', async () => {
    const refused = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(await refused(t.app.db.execute(sql`update referral_commission_holds set amount_cents = 1`))).toMatch(/append-only/);
    expect(await refused(t.app.db.execute(sql`delete from referral_commission_decisions`))).toMatch(/append-only/);
  });

  it('a withheld commission is worth what a paid one is, at the network’s rate, on both paths', async () => {
    await t.app.db.insert(settings).values({ key: 'referral_rate_bp', value: 1000 });
    try {
      const before = (await withheld()).length;
      for (const who of [p.guessed, p.other]) {
        expect((await convert(t.app, cpa.apiKey, { cid: await cidFor(who), type: 'sale', amount: '20', transaction_id: `WH-RATE-B-${who.id}` })).json().data).toMatchObject({ status: 'accepted' });
        expect(await recordConversion(t.app.db, cpa.siteId, conversionRequestSchema.parse({ cid: await cidFor(who), type: 'sale', amount: '20', transaction_id: `WH-RATE-O-${who.id}` }))).toMatchObject({ status: 'accepted' });
      }
      expect((await commissionRows(p.honest)).sort((a, b) => a - b)).toEqual([50, 50, 100, 100]);
      expect((await withheld()).slice(before).map((w) => [w.amount, w.shared])).toEqual([
        [1, ['payout_details']],
        [1, ['payout_details']],
      ]);
    } finally {
      await t.app.db.execute(sql`delete from settings where key = 'referral_rate_bp'`);
    }
  });
});
