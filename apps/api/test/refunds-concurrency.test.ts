import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, users } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { addBillerAccount, ccbillId, ccbillPost, newSale, pathOf, takeBack } from './support/billers.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate } from './support/users.ts';

/**
 * Refunds of one sale sent at the same moment (issue 24, money defect 1), and staff's reversals
 * among them: whatever runs at once, the reversals of an earning never exceed it, and the ledger,
 * the referrer's commission, the replies and the statistics agree to the cent.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number, referrerId: number;
let rev: Catalogue, cpa: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, staff, alice, aliceId, catalogues: { rev, cpa } } = await appWithCatalogues(mail, ['offers', 'payouts'], {
    rev: { name: 'racevr', payoutType: 'revshare', payout: 35 },
    cpa: { name: 'racecpa', payoutType: 'cpa', payout: 20, goal: 'sale' },
  }));
  // Alice was referred: every reversal takes the referrer's commission back with it.
  referrerId = (await createAffiliate(t.app)).id;
  await t.app.db.update(users).set({ referredById: referrerId }).where(eq(users.id, aliceId));
});
afterAll(() => closeAppWithMail(t, mail));

async function sale(offer: Catalogue, amount: string) {
  const link = await trackingLink(t.app, alice, offer.offerId);
  const visit = await click(t.app, link.url, { ip: `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const transactionId = `SALE-${++seq}`;
  const res = await convert(t.app, offer.apiKey, { cid: visit.cid, type: 'sale', amount, transaction_id: transactionId });
  expect(res.json().data.status).toBe('accepted');
  return { cid: visit.cid!, id: res.json().data.conversion_id as number, earningCents: Math.round(res.json().data.earning * 100), transactionId };
}

/** The sale's earning, what is left of it, and the referrer's commission on it and what is left of that. */
async function moneyOf(saleId: number) {
  const [m] = await rows<{ earning: number; left: number; commission: number | null; commission_left: number | null }>(
    t.app.db,
    sql`select e.amount_cents::int as earning,
          (e.amount_cents + coalesce((select sum(r.amount_cents) from ledger_entries r where r.reverses_id = e.id and r.kind = 'reversal'), 0))::int as left,
          c.amount_cents::int as commission,
          (c.amount_cents + coalesce((select sum(x.amount_cents) from ledger_entries x where x.reverses_id = c.id), 0))::int as commission_left
        from ledger_entries e left join ledger_entries c on c.source_id = e.id and c.kind = 'referral_commission'
        where e.conversion_id = ${saleId} and e.kind = 'earning'`,
  );
  return m!;
}

const statusOf = async (id: number) => (await t.app.db.select({ status: conversions.status }).from(conversions).where(eq(conversions.id, id)))[0]!.status;
const earningsInStatistics = async () =>
  Number((await rows<{ c: string }>(t.app.db, sql`select coalesce(sum(earnings_cents), 0)::text as c from stats_daily where affiliate_id = ${aliceId}`))[0]!.c);
const cents = (earning: number | null) => Math.round((earning ?? 0) * 100);

describe('refunds of one sale sent at the same moment', () => {
  it('take back the earning once: 16 full refunds naming the sale and its click', async () => {
    const s = await sale(rev, '100.00');
    expect(s.earningCents).toBe(3500);
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '100.00', transaction_id: `${s.transactionId}-RF-${i}`, original_transaction_id: s.transactionId })),
    );
    const data = replies.map((r) => r.json().data);
    expect(data.every((d) => d.status === 'accepted')).toBe(true);
    expect(data.map((d) => cents(d.earning)).sort((a, b) => a - b)).toEqual([-3500, ...Array(15).fill(0)]);
    expect(await moneyOf(s.id)).toMatchObject({ earning: 3500, left: 0, commission: 175, commission_left: 0 });
    expect(await statusOf(s.id)).toBe('reversed');
  });

  it('take back the earning once: 16 chargebacks with only the original transaction id', async () => {
    const s = await sale(rev, '100.00');
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `${s.transactionId}-CB-${i}`, original_transaction_id: s.transactionId })),
    );
    expect(replies.map((r) => cents(r.json().data.earning)).reduce((a, b) => a + b, 0)).toBe(-3500);
    expect(await moneyOf(s.id)).toMatchObject({ left: 0, commission_left: 0 });
  });

  it('take back no more than the earning over 12 partial refunds at once, nor twice for one refund sent 8 times', async () => {
    const s = await sale(rev, '100.00');
    const partial = await Promise.all(
      Array.from({ length: 12 }, (_, i) => convert(t.app, rev.apiKey, { cid: s.cid, type: 'refund', amount: '20.00', transaction_id: `${s.transactionId}-P-${i}`, original_transaction_id: s.transactionId })),
    );
    // Five refunds of a fifth take back 7.00 each; the others find nothing left.
    expect(partial.map((r) => cents(r.json().data.earning)).sort((a, b) => a - b)).toEqual([...Array(5).fill(-700), ...Array(7).fill(0)]);
    expect(await statusOf(s.id)).toBe('reversed');

    const other = await sale(rev, '100.00');
    const same = await Promise.all(Array.from({ length: 8 }, () => convert(t.app, rev.apiKey, { type: 'refund', amount: '10.00', transaction_id: `${other.transactionId}-ONCE`, original_transaction_id: other.transactionId })));
    expect(same.map((r) => r.json().data.status).sort()).toEqual(['accepted', ...Array(7).fill('duplicate')]);
    expect((await moneyOf(other.id)).left).toBe(3150);
  });

  it("take back only what staff's reversal left, and staff reverse a sale only once", async () => {
    const s = await sale(rev, '100.00');
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => convert(t.app, rev.apiKey, { type: 'refund', amount: '10.00', transaction_id: `${s.transactionId}-M-${i}`, original_transaction_id: s.transactionId })),
      ...Array.from({ length: 3 }, () => t.app.inject({ method: 'POST', url: `/v1/conversion-log/${s.id}/reverse`, headers: bearer(staff), payload: { reason: 'Fraudulent sale' } })),
    ]);
    // The refunds take at most 60 % of the sale, so the first staff reversal to run always finds the rest.
    const staffReplies = replies.slice(6);
    expect(staffReplies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(staffReplies.filter((r) => r.statusCode === 422).map((r) => r.json().message)).toEqual(['This conversion is already reversed.', 'This conversion is already reversed.']);
    const moved = replies.filter((r) => r.statusCode === 200).reduce((sum, r) => sum + cents(r.json().data.earning), 0);
    expect(moved).toBe(-3500);
    expect(await moneyOf(s.id)).toMatchObject({ left: 0, commission_left: 0 });
  });
});

describe('refunds of one sale at once through both channels', () => {
  it("20 refunds, half through the site's API and half through its biller, never reverse more than the sale: earning, commission and revenue", async () => {
    // "The site reports too": the site still reports its own sales in the tests after this one.
    const billerPath = pathOf((await addBillerAccount(t.app, staff, rev.siteId, { biller: 'ccbill', ccbill_account: '900100', ccbill_subaccount: '0000', site_reports_too: true })).postback_url);
    const link = await trackingLink(t.app, alice, rev.offerId);
    const cid = (await click(t.app, link.url, { ip: `10.78.0.${++ip}` })).cid!;
    const [sub, tx] = [ccbillId(), ccbillId()];
    expect((await ccbillPost(t.app, billerPath, 'NewSaleSuccess', newSale(sub, tx, cid, '100.00'))).body).toBe('OK');
    const [sold] = await t.app.db.select().from(conversions).where(eq(conversions.transactionId, tx));
    const balanceBefore = await balanceCents(t.app.db, aliceId);
    const revenue = async () =>
      Number((await rows<{ c: string }>(t.app.db, sql`select coalesce(sum(revenue_cents), 0)::text as c from stats_daily where site_id = ${rev.siteId}`))[0]!.c);
    const revenueBefore = await revenue();
    // Each refunds 30.00 of the 100.00 sale: six hundred percent of it asked for in all.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? convert(t.app, rev.apiKey, { cid, type: 'refund', amount: '30.00', transaction_id: `both-${tx}-${i}`, original_transaction_id: tx })
          : ccbillPost(t.app, billerPath, 'Refund', takeBack(sub, tx, '30.00', `2026-12-27 09:${String(i).padStart(2, '0')}:00`)),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const m = await moneyOf(sold!.id);
    expect(m).toMatchObject({ earning: 3500, left: 0, commission: 175, commission_left: 0 });
    expect(await balanceCents(t.app.db, aliceId)).toBe(balanceBefore - 3500);
    expect(await revenue()).toBe(revenueBefore - 10000);
    expect(await statusOf(sold!.id)).toBe('reversed');
    // Every refund is recorded, each naming the sale.
    const refunds = await t.app.db.select().from(conversions).where(eq(conversions.reversesConversionId, sold!.id));
    expect(refunds).toHaveLength(20);
  });
});

type Action = { kind: 'refund'; permille: number; withCid: boolean } | { kind: 'chargeback'; withCid: boolean } | { kind: 'staff' };
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('refund' as const), permille: fc.integer({ min: 1, max: 1200 }), withCid: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('chargeback' as const), withCid: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('staff' as const) }) },
);

describe('any interleaving of refunds, chargebacks and staff reversals', () => {
  it('never takes back more than the earning, and the ledger, commission, replies and statistics agree', async () => {
    let expected = await balanceCents(t.app.db, aliceId);
    expect(await earningsInStatistics()).toBe(expected);
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 100, max: 99_999 }),
        fc.array(fc.array(action, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        async (isRevshare, saleCents, rounds) => {
          const offer = isRevshare ? rev : cpa;
          const s = await sale(offer, (saleCents / 100).toFixed(2));
          expected += s.earningCents;
          for (const round of rounds) {
            // Each round runs at once.
            const replies = await Promise.all(
              round.map((a) => {
                if (a.kind === 'staff') return t.app.inject({ method: 'POST', url: `/v1/conversion-log/${s.id}/reverse`, headers: bearer(staff), payload: { reason: 'Chargeback by phone' } });
                const amount = a.kind === 'refund' ? { amount: (Math.max(1, Math.floor((saleCents * a.permille) / 1000)) / 100).toFixed(2) } : {};
                return convert(t.app, offer.apiKey, { ...(a.withCid ? { cid: s.cid } : {}), type: a.kind, ...amount, transaction_id: `${s.transactionId}-${++seq}`, original_transaction_id: s.transactionId });
              }),
            );
            // Staff's second reversal of a sale is refused; everything else is answered with the money it moved.
            const unexpected = replies.filter((r) => !(r.statusCode === 422 || (r.statusCode === 200 && ['accepted', 'reversed'].includes(r.json().data.status))));
            expect(unexpected.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
            expected += replies.filter((r) => r.statusCode === 200).reduce((sum, r) => sum + cents(r.json().data.earning), 0);
          }
          const m = await moneyOf(s.id);
          expect(m.left).toBeGreaterThanOrEqual(0);
          expect(m.left).toBeLessThanOrEqual(m.earning);
          // The commission is always the rate's share of what is left of the earning.
          expect(m.commission_left).toBe(Math.floor((2 * m.left * m.commission! + m.earning) / (2 * m.earning)));
          expect(await statusOf(s.id)).toBe(m.left === 0 ? 'reversed' : 'accepted');
          expect(await balanceCents(t.app.db, aliceId)).toBe(expected);
          expect(await earningsInStatistics()).toBe(expected);
        },
      ),
      // The runs share one ledger, so a failure is reported as found, not shrunk.
      { numRuns: Number(process.env.REFUND_RUNS ?? 15), endOnFailure: true },
    );
  });
});
