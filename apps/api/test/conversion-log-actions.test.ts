import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, events, ledgerEntries, users } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * Staff's actions on one conversion (issue 24): reverse a sale by hand with a reason, under the
 * refunds' lock and never-more-than-is-left rule; attach an orphaned conversion to a click, which
 * then pays it as if it had come with that click id.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, noPayouts: Tokens, alice: Tokens, bob: Tokens, aliceId: number, bobId: number, referrerId: number;
let rev: Catalogue, other: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, bobId, catalogues: { rev, other } } = await appWithCatalogues(mail, ['offers', 'payouts'], {
    rev: { name: 'actionvr', payoutType: 'revshare', payout: 35 },
    other: { name: 'elsewherevr', payoutType: 'revshare', payout: 35 },
  }));
  const s = await createStaff(t.app, ['statistics', 'offers']);
  noPayouts = await signIn(t.app, mail, s.email, s.password);
  referrerId = (await createAffiliate(t.app)).id;
  await t.app.db.update(users).set({ referredById: referrerId }).where(eq(users.id, bobId));
});
afterAll(() => closeAppWithMail(t, mail));

async function visit(who: Tokens, offer: Catalogue) {
  const link = await trackingLink(t.app, who, offer.offerId);
  return (await click(t.app, link.url, { ip: `10.31.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}
async function sale(who: Tokens, offer: Catalogue, amount: string) {
  const cid = await visit(who, offer);
  const transactionId = `SALE-${++seq}`;
  const res = await convert(t.app, offer.apiKey, { cid, type: 'sale', amount, transaction_id: transactionId });
  expect(res.json().data.status).toBe('accepted');
  return { cid, id: res.json().data.conversion_id as number, transactionId };
}
const reverse = (id: number, payload: object, who = staff) => t.app.inject({ method: 'POST', url: `/v1/conversion-log/${id}/reverse`, headers: bearer(who), payload });
const attach = (id: number, payload: object, who = staff) => t.app.inject({ method: 'POST', url: `/v1/conversion-log/${id}/attach`, headers: bearer(who), payload });
const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const commissionLeft = async (affiliateId: number) => balanceCents(t.app.db, affiliateId);

describe('POST /v1/conversion-log/{id}/reverse', () => {
  it("takes back what is left of the earning and its referral commission, naming the staff user and the reason; a later refund takes nothing", async () => {
    const s = await sale(bob, rev, '100.00'); // 35.00, the referrer 1.75
    const before = await balanceCents(t.app.db, bobId);
    const part = await convert(t.app, rev.apiKey, { type: 'refund', amount: '20.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    expect(part.json().data.earning).toBe(-7);

    const res = await reverse(s.id, { reason: '  Fraudulent sale  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'reversed', conversion_id: s.id, earning: -28, reason: 'Fraudulent sale' });
    expect(await balanceCents(t.app.db, bobId)).toBe(before - 3500);
    expect(await commissionLeft(referrerId)).toBe(0);
    expect(await conversion(s.id)).toMatchObject({ status: 'reversed', reason: 'Fraudulent sale' });
    // The row names the sale, the staff user and the reason.
    const [row] = await t.app.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.conversionId, s.id), eq(ledgerEntries.kind, 'reversal')));
    expect(row).toMatchObject({ affiliateId: bobId, amountCents: -2800, reason: 'Fraudulent sale', createdBy: expect.any(Number) });
    // And the event history says who did it.
    const [event] = await t.app.db.select().from(events).where(and(eq(events.type, 'conversion.reversed'), eq(events.objectId, String(s.id))));
    expect(event).toMatchObject({ actorId: row!.createdBy, subjectId: bobId, before: { status: 'accepted' }, after: { status: 'reversed', reason: 'Fraudulent sale', earning: -28 } });
    // The statistics' earnings follow the ledger.
    const [stats] = await rows<{ c: string }>(t.app.db, sql`select sum(earnings_cents)::text as c from stats_daily where affiliate_id = ${bobId} and day = ${statsDay(new Date())}`);
    expect(Number(stats!.c)).toBe(await balanceCents(t.app.db, bobId));

    const twice = await reverse(s.id, { reason: 'Again' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ error_code: 'validation_failed', message: 'This conversion is already reversed.' });
    const later = await convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: s.transactionId });
    expect(later.json().data).toMatchObject({ status: 'accepted', earning: 0 });
    expect(await balanceCents(t.app.db, bobId)).toBe(before - 3500);
  });

  it('marks a held sale reversed without moving money, so it is never released', async () => {
    const cid = await visit(bob, rev);
    const [held] = await t.app.db
      .insert(conversions)
      .values({ siteId: rev.siteId, transactionId: `HELD-${++seq}`, type: 'sale', amountMinor: 5000, currency: 'SEK', cid, affiliateId: bobId, offerId: rev.offerId, status: 'held', reason: 'No exchange rate yet', day: statsDay(new Date()) })
      .returning();
    const before = await balanceCents(t.app.db, bobId);
    const res = await reverse(held!.id, { reason: 'Test order' });
    expect(res.json().data).toEqual({ status: 'reversed', conversion_id: held!.id, earning: 0, reason: 'Test order' });
    expect(await conversion(held!.id)).toMatchObject({ status: 'reversed', reason: 'Test order' });
    expect(await balanceCents(t.app.db, bobId)).toBe(before);
  });

  it('checks the reason, refuses refunds, orphaned and unknown conversions, and is for staff with payouts only', async () => {
    const s = await sale(alice, rev, '10.00');
    for (const [payload, message] of [
      [{}, 'This field is required'],
      [{ reason: '   ' }, 'This field is required'],
      [{ reason: 'Fraud\u202Ereversed' }, 'This field must not contain control characters.'],
      [{ reason: 'x'.repeat(256) }, 'This field must be at most 255 characters'],
    ] as const) {
      const res = await reverse(s.id, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toEqual([message]);
    }
    const refund = await convert(t.app, rev.apiKey, { type: 'refund', amount: '1.00', transaction_id: `RF-${++seq}`, original_transaction_id: s.transactionId });
    const orphan = await convert(t.app, rev.apiKey, { type: 'sale', amount: '1.00', transaction_id: `OR-${++seq}` });
    await t.app.conversionWriter.drain();
    for (const id of [refund.json().data.conversion_id, orphan.json().data.conversion_id]) {
      const res = await reverse(id, { reason: 'No' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Only an accepted or held sale, rebill or signup can be reversed.');
    }
    expect((await reverse(999_999, { reason: 'No' })).json()).toMatchObject({ error_code: 'not_found', message: 'This conversion does not exist.' });
    expect((await reverse(s.id, { reason: 'No' }, noPayouts)).statusCode).toBe(403);
    expect((await reverse(s.id, { reason: 'No' }, alice)).statusCode).toBe(403);
    expect((await conversion(s.id)).status).toBe('accepted');
    expect(await balanceCents(t.app.db, aliceId)).toBeGreaterThan(0);
  });
});

describe('POST /v1/conversion-log/{id}/attach', () => {
  it("pays an orphaned sale once attached to a click of its site: today's earning, statistics and commission", async () => {
    const cid = await visit(bob, rev);
    const orphan = await convert(t.app, rev.apiKey, { type: 'sale', amount: '100.00', transaction_id: `OR-${++seq}` });
    expect(orphan.json().data).toMatchObject({ status: 'orphaned', reason: 'No click id (cid) was given.' });
    const id = orphan.json().data.conversion_id as number;
    const before = { bob: await balanceCents(t.app.db, bobId), referrer: await balanceCents(t.app.db, referrerId) };

    const res = await attach(id, { cid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'accepted', conversion_id: id, earning: 35, reason: null });
    expect(await conversion(id)).toMatchObject({ status: 'accepted', reason: null, cid, affiliateId: bobId, offerId: rev.offerId });
    const [earning] = await t.app.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.conversionId, id), eq(ledgerEntries.kind, 'earning')));
    expect(earning).toMatchObject({ affiliateId: bobId, amountCents: 3500, cid, day: statsDay(new Date()) });
    expect(await balanceCents(t.app.db, bobId)).toBe(before.bob + 3500);
    expect(await balanceCents(t.app.db, referrerId)).toBe(before.referrer + 175);
    const [stats] = await rows<{ sales: number }>(t.app.db, sql`select sum(sales)::int as sales from stats_daily where affiliate_id = ${bobId} and day = ${statsDay(new Date())}`);
    expect(stats!.sales).toBeGreaterThanOrEqual(1);
    const [event] = await t.app.db.select().from(events).where(and(eq(events.type, 'conversion.attached'), eq(events.objectId, String(id))));
    expect(event).toMatchObject({ subjectId: bobId, after: { status: 'accepted', cid, earning: 35 } });

    // Attached once: a second attach is refused, and the sale can now be refunded like any other.
    const again = await attach(id, { cid });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Only an orphaned conversion can be attached to a click.');
    const refund = await convert(t.app, rev.apiKey, { type: 'refund', amount: '100.00', transaction_id: `RF-${++seq}`, original_transaction_id: `OR-${seq - 1}` });
    expect(refund.json().data).toMatchObject({ status: 'accepted', earning: -35 });
  });

  it('attaches an orphaned refund by the refund rules: it then takes back the sale of that click', async () => {
    const s = await sale(bob, rev, '50.00'); // 17.50
    const orphan = await convert(t.app, rev.apiKey, { type: 'chargeback', transaction_id: `CB-${++seq}` });
    expect(orphan.json().data.status).toBe('orphaned');
    const res = await attach(orphan.json().data.conversion_id, { cid: s.cid });
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: -17.5 });
    expect(await conversion(s.id)).toMatchObject({ status: 'reversed', reason: 'Charged back' });
    expect((await conversion(orphan.json().data.conversion_id)).reversesConversionId).toBe(s.id);
  });

  it('refuses a click made after the conversion, changing nothing', async () => {
    const orphan = await convert(t.app, rev.apiKey, { type: 'rebill', amount: '30.00', transaction_id: `OR-${++seq}` });
    const id = orphan.json().data.conversion_id as number;
    // Reported on Nov 26; a click of Nov 28 cannot have brought it.
    await t.app.db.update(conversions).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(conversions.id, id));
    const later = await visit(bob, rev);
    const before = await balanceCents(t.app.db, bobId);
    const preview = await attach(id, { cid: later, preview: true });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().errors.cid).toEqual(['The click was made after the conversion: a conversion can only come from an earlier click.']);
    const res = await attach(id, { cid: later });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cid).toEqual(['The click was made after the conversion: a conversion can only come from an earlier click.']);
    expect(await conversion(id)).toMatchObject({ status: 'orphaned', affiliateId: null });
    expect(await balanceCents(t.app.db, bobId)).toBe(before);
  });

  it('a preview says what attaching would pay and changes nothing; the attach then pays exactly that', async () => {
    const cid = await visit(bob, rev);
    const orphan = await convert(t.app, rev.apiKey, { type: 'sale', amount: '40.00', transaction_id: `OR-${++seq}` });
    const id = orphan.json().data.conversion_id as number;
    const before = await balanceCents(t.app.db, bobId);
    const preview = await attach(id, { cid, preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ status: 'accepted', conversion_id: id, earning: 14, reason: null });
    expect(await conversion(id)).toMatchObject({ status: 'orphaned', affiliateId: null });
    expect(await balanceCents(t.app.db, bobId)).toBe(before);
    const [event] = await t.app.db.select().from(events).where(and(eq(events.type, 'conversion.attached'), eq(events.objectId, String(id))));
    expect(event).toBeUndefined();
    expect((await attach(id, { cid })).json().data).toEqual({ status: 'accepted', conversion_id: id, earning: 14, reason: null });
    expect(await balanceCents(t.app.db, bobId)).toBe(before + 1400);
  });

  it('refuses a click that does not exist or is of another site, and a conversion that is not orphaned, changing nothing', async () => {
    const orphan = await convert(t.app, rev.apiKey, { type: 'sale', amount: '5.00', transaction_id: `OR-${++seq}` });
    await t.app.conversionWriter.drain();
    const id = orphan.json().data.conversion_id as number;
    const unknown = await attach(id, { cid: 'nosuchclick0000000000' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.cid).toEqual(['No click has this click id.']);
    const elsewhere = await attach(id, { cid: await visit(alice, other) });
    expect(elsewhere.json().errors.cid).toEqual(['The click belongs to another site.']);
    expect((await attach(id, {})).json().errors.cid).toEqual(['This field is required']);
    expect((await attach(id, { cid: await visit(alice, rev) }, noPayouts)).statusCode).toBe(403);
    expect(await conversion(id)).toMatchObject({ status: 'orphaned', affiliateId: null });
    const s = await sale(alice, rev, '5.00');
    const accepted = await attach(s.id, { cid: await visit(alice, rev) });
    expect(accepted.statusCode).toBe(422);
    expect(accepted.json().message).toBe('Only an orphaned conversion can be attached to a click.');
    expect((await attach(999_999, { cid: s.cid })).statusCode).toBe(404);
  });
});

describe('GET /v1/clicks/search', () => {
  const search = (query: string, who = staff) => t.app.inject({ method: 'GET', url: `/v1/clicks/search?${query}`, headers: bearer(who) });
  type Found = { cid: string; time: string; affiliate: { id: number; name: string }; offer: { id: number }; site: { id: number }; sub1: string | null };

  it('finds clicks by sub id, affiliate, offer and time window, newest first, with whose they are', async () => {
    const link = await trackingLink(t.app, bob, rev.offerId);
    const tag = `camp-${Date.now()}`;
    const first = (await click(t.app, `${link.url}?sub1=${tag}`, { ip: '10.77.0.1' })).cid!;
    const second = (await click(t.app, `${link.url}?sub1=${tag}`, { ip: '10.77.0.2' })).cid!;
    await visit(alice, rev);

    const bySub = await search(`sub1=${tag}`);
    expect(bySub.statusCode).toBe(200);
    const found = bySub.json().data as Found[];
    expect(found.map((c) => c.cid)).toEqual([second, first]);
    expect(found[0]).toMatchObject({ affiliate: { id: bobId }, offer: { id: rev.offerId }, sub1: tag });
    expect(found[0]!.affiliate.name).not.toBe('');

    const byAffiliate = (await search(`affiliate_id=${aliceId}&offer_id=${rev.offerId}`)).json().data as Found[];
    expect(byAffiliate.length).toBeGreaterThan(0);
    expect(byAffiliate.every((c) => c.affiliate.id === aliceId && c.offer.id === rev.offerId)).toBe(true);

    // A window that ends before the clicks finds none of them.
    const before = new Date(Date.parse(found[1]!.time) - 1000).toISOString();
    expect((await search(`sub1=${tag}&to=${encodeURIComponent(before)}`)).json().data).toEqual([]);
  });

  it('refuses a window that ends before it starts or spans more than 90 days, and staff without payouts', async () => {
    const bad = await search(`from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-06-01T00:00:00Z')}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['The window must end after it starts and span at most 90 days.']);
    expect((await search('to=yesterday')).json().errors.to).toEqual(['This field is invalid']);
    expect((await search('sub1=x', noPayouts)).statusCode).toBe(403);
    expect((await search('sub1=x', alice)).statusCode).toBe(403);
  });
});
