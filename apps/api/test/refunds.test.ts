import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, ledgerEntries } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';

/**
 * Refunds and chargebacks take back the right sale's earning (issue 24, money defects 2 and 3):
 * only a sale of the refund's own click, found by its original transaction when the biller knows
 * no click id; a sale taken back in full is marked reversed and keeps its earning row.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, alice: Tokens, bob: Tokens, aliceId: number, bobId: number;
let rev: Catalogue, cpa: Catalogue, other: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, alice, bob, aliceId, bobId, catalogues: { rev, cpa, other } } = await appWithCatalogues(mail, ['offers'], {
    rev: { name: 'refundvr', payoutType: 'revshare', payout: 35 },
    cpa: { name: 'refundcpa', payoutType: 'cpa', payout: 20, goal: 'sale' },
    other: { name: 'othervr', payoutType: 'revshare', payout: 35 },
  }));
});
afterAll(() => closeAppWithMail(t, mail));

/** A sale of `amount` dollars through the affiliate's own tracking link; its click id and conversion id. */
async function sale(who: Tokens, offer: Catalogue, amount: string, transactionId = `SALE-${++seq}`) {
  const link = await trackingLink(t.app, who, offer.offerId);
  const visit = await click(t.app, link.url, { ip: `10.24.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const res = await convert(t.app, offer.apiKey, { cid: visit.cid, type: 'sale', amount, transaction_id: transactionId });
  expect(res.json().data.status).toBe('accepted');
  return { cid: visit.cid!, id: res.json().data.conversion_id as number, earning: res.json().data.earning as number, transactionId };
}

const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const ledgerOf = (conversionId: number) => t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.conversionId, conversionId));
const reversalsOf = async (saleId: number) =>
  Number(
    (
      await t.app.db
        .select({ c: sql<string>`coalesce(sum(amount_cents), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'reversal'), sql`${ledgerEntries.reversesId} in (select id from ledger_entries where conversion_id = ${saleId} and kind = 'earning')`))
    )[0]!.c,
  );

describe('a refund naming another affiliate’s sale (defect 2)', () => {
  it('is orphaned with the reason and moves no money; the real refund then takes the sale back, and nothing else', async () => {
    const own = await sale(alice, rev, '100.00'); // affiliate "3": 35.00
    const victim = await sale(bob, rev, '100.00'); // affiliate "4": 35.00
    const before = { alice: await balanceCents(t.app.db, aliceId), bob: await balanceCents(t.app.db, bobId) };

    // Affiliate 4's sale as the original transaction, affiliate 3's click id.
    const attack = await convert(t.app, rev.apiKey, { cid: own.cid, type: 'refund', amount: '100.00', transaction_id: `ATTACK-${++seq}`, original_transaction_id: victim.transactionId });
    expect(attack.statusCode).toBe(200);
    expect(attack.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'The original transaction belongs to another click.' });
    expect(await balanceCents(t.app.db, aliceId)).toBe(before.alice);
    expect(await balanceCents(t.app.db, bobId)).toBe(before.bob);
    expect(await ledgerOf(attack.json().data.conversion_id)).toEqual([]);
    expect(await conversion(attack.json().data.conversion_id)).toMatchObject({ status: 'orphaned', affiliateId: null, reversesConversionId: null });
    expect((await conversion(victim.id)).status).toBe('accepted');
    expect((await conversion(own.id)).status).toBe('accepted');

    // The biller's real refund of affiliate 4's sale still takes back all of it.
    const real = await convert(t.app, rev.apiKey, { cid: victim.cid, type: 'refund', amount: '100.00', transaction_id: `REAL-${++seq}`, original_transaction_id: victim.transactionId });
    expect(real.json().data).toMatchObject({ status: 'accepted', earning: -35 });
    expect(await balanceCents(t.app.db, bobId)).toBe(before.bob - 3500);
    expect(await balanceCents(t.app.db, aliceId)).toBe(before.alice);

    // Nor does a click of another site, or a click id nobody was given.
    const elsewhere = await sale(alice, other, '50.00');
    const otherSite = await convert(t.app, rev.apiKey, { cid: elsewhere.cid, type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: victim.transactionId });
    expect(otherSite.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'The click belongs to another site.' });
    const unknown = await convert(t.app, rev.apiKey, { cid: 'nosuchclick0000000000', type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: victim.transactionId });
    expect(unknown.json().data).toMatchObject({ status: 'orphaned', reason: 'No click has this click id.' });
    expect(await reversalsOf(victim.id)).toBe(-3500);
  });
});

describe('a refund with only the original transaction id (defect 3)', () => {
  it("finds the sale on the same site, takes it back for the sale's affiliate and click, and marks the sale reversed", async () => {
    const s = await sale(bob, rev, '100.00');
    const before = await balanceCents(t.app.db, bobId);
    const refund = await convert(t.app, rev.apiKey, { type: 'refund', amount: '100.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(refund.json().data).toMatchObject({ status: 'accepted', earning: -35, reason: null });
    expect(await balanceCents(t.app.db, bobId)).toBe(before - 3500);
    expect(await conversion(refund.json().data.conversion_id)).toMatchObject({ status: 'accepted', affiliateId: bobId, offerId: rev.offerId, cid: s.cid, reversesConversionId: s.id });
    // The sale is reversed in full; its earning row stays (the ledger is append-only).
    expect(await conversion(s.id)).toMatchObject({ status: 'reversed', reason: 'Refunded in full' });
    expect((await ledgerOf(s.id)).map((r) => [r.kind, r.amountCents])).toEqual([['earning', 3500]]);
    // Counted in the statistics of the sale's affiliate, offer and click.
    const [stats] = await rows<{ refunds: number }>(t.app.db, sql`select sum(refunds)::int as refunds from stats_daily where affiliate_id = ${bobId} and offer_id = ${rev.offerId} and day = ${statsDay(new Date())}`);
    expect(stats!.refunds).toBeGreaterThanOrEqual(1);
  });

  it('takes back a share for a partial refund, and names the charge back once nothing is left', async () => {
    const s = await sale(bob, rev, '100.00');
    const part = await convert(t.app, rev.apiKey, { type: 'refund', amount: '40.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(part.json().data.earning).toBe(-14);
    expect((await conversion(s.id)).status).toBe('accepted');
    const rest = await convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: s.transactionId });
    expect(rest.json().data.earning).toBe(-21);
    expect(await conversion(s.id)).toMatchObject({ status: 'reversed', reason: 'Charged back' });
    // Nothing is left: accepted, reversing nothing.
    const again = await convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: s.transactionId });
    expect(again.json().data).toMatchObject({ status: 'accepted', earning: 0 });
    expect(await reversalsOf(s.id)).toBe(-3500);
  });

  it('is orphaned when the original is unknown to this site, is itself a refund, or when nothing names a sale', async () => {
    const s = await sale(bob, other, '10.00');
    const unknown = await convert(t.app, rev.apiKey, { type: 'refund', amount: '10.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(unknown.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'No conversion of this site has this original transaction id.' });
    const first = await convert(t.app, other.apiKey, { type: 'refund', amount: '1.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    const ofRefund = await convert(t.app, other.apiKey, { type: 'refund', amount: '1.00', transaction_id: `RF-${++seq}`, original_transaction_id: `RF-${seq - 1}` });
    expect(first.json().data.status).toBe('accepted');
    expect(ofRefund.json().data).toMatchObject({ status: 'orphaned', reason: 'The original transaction is itself a refund or chargeback.' });
    const nothing = await convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `CB-${++seq}` });
    expect(nothing.json().data).toMatchObject({ status: 'orphaned', reason: 'No click id (cid) or original transaction id was given.' });
  });

  it('takes a cpa earning back in full', async () => {
    const s = await sale(alice, cpa, '80.00');
    expect(s.earning).toBe(20);
    const refund = await convert(t.app, cpa.apiKey, { type: 'refund', amount: '8.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(refund.json().data.earning).toBe(-20);
    expect((await conversion(s.id)).status).toBe('reversed');
  });
});

describe('partial refunds of a sale in another currency', () => {
  it('take back the refunded share of the amount as sent; in another currency, the share of the USD amounts', async () => {
    const s = await sale(bob, rev, '100.00');
    // The sale as the currency rules store it: EUR 100.00 worth USD 110.00 (the earning stays the 35.00 written).
    await t.app.db.update(conversions).set({ currency: 'EUR', amountMinor: 10_000, amountCents: 11_000, usdRate: '1.1' }).where(eq(conversions.id, s.id));
    // EUR 50.00 of EUR 100.00: half the earning (by USD it would be 50/110).
    const half = await convert(t.app, rev.apiKey, { type: 'refund', amount: '50.00', currency: 'EUR', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(half.json().data.earning).toBe(-17.5);
    // USD 22.00 of USD 110.00: a fifth.
    const fifth = await convert(t.app, rev.apiKey, { type: 'refund', amount: '22.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(fifth.json().data.earning).toBe(-7);
    expect((await conversion(s.id)).status).toBe('accepted');
  });
});

describe('a refund of a sale still held', () => {
  it('moves no money, answers accepted with earning 0 and marks the sale reversed so it is never released', async () => {
    const s = await sale(bob, rev, '100.00');
    // A held sale has no earning row yet: a copy of the sale, held, on the same click.
    const [held] = await t.app.db
      .insert(conversions)
      .values({ siteId: rev.siteId, transactionId: `HELD-${++seq}`, type: 'sale', amountCents: 0, amountMinor: 10_000, currency: 'SEK', cid: s.cid, affiliateId: bobId, offerId: rev.offerId, status: 'held', reason: 'No exchange rate yet', day: statsDay(new Date()) })
      .returning();
    const before = await balanceCents(t.app.db, bobId);
    const refund = await convert(t.app, rev.apiKey, { type: 'refund', amount: '100.00', currency: 'SEK', transaction_id: `RF-${++seq}`, original_transaction_id: held!.transactionId });
    expect(refund.json().data).toMatchObject({ status: 'accepted', earning: 0 });
    expect(await conversion(held!.id)).toMatchObject({ status: 'reversed', reason: 'Refunded before release' });
    expect(await conversion(refund.json().data.conversion_id)).toMatchObject({ reversesConversionId: held!.id, affiliateId: bobId });
    expect(await ledgerOf(refund.json().data.conversion_id)).toEqual([]);
    expect(await balanceCents(t.app.db, bobId)).toBe(before);
  });
});
