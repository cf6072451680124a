import { OVER_CAP_REASON } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount, ccbillId, ccbillPost, newSale, pathOf, takeBack } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * One sale, whoever reports it: a site's API and its biller accounts are channels of one site, so a
 * refund finds its sale whichever channel recorded it, the same sale reported by both (with "the
 * site reports too") is one conversion, partial refunds each reverse, and no reversal takes back
 * more than its sale: earnings, referral commissions and revenue alike.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number;
/** `only`: its biller reports its sales (the site may not). `both`: the site reports too. */
let only: Catalogue, both: Catalogue;
let onlyPath: string, bothPath: string;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, staff, alice, aliceId, catalogues: { only, both } } = await appWithCatalogues(mail, ['offers', 'payouts', 'settings', 'statistics'], {
    only: { name: 'channelsvr', payoutType: 'revshare', payout: 35 },
    both: { name: 'bothvr', payoutType: 'revshare', payout: 35 },
  }));
  onlyPath = pathOf((await addBillerAccount(t.app, staff, only.siteId)).postback_url);
  bothPath = pathOf((await addBillerAccount(t.app, staff, both.siteId, { biller: 'ccbill', ccbill_account: '900300', ccbill_subaccount: '0000', site_reports_too: true })).postback_url);
});
afterAll(() => closeAppWithMail(t, mail));

async function newClick(offer: Catalogue) {
  const link = await trackingLink(t.app, alice, offer.offerId);
  return (await click(t.app, link.url, { ip: `10.34.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}
const balance = () => balanceCents(t.app.db, aliceId);
const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const lastEvent = async () => (await t.app.db.select().from(billerEvents).orderBy(billerEvents.id)).at(-1)!;
const shownEvent = async (id: number) =>
  ((await t.app.inject({ method: 'GET', url: '/v1/biller-events?per_page=100&sort=id&order=desc', headers: bearer(staff) })).json().data as Array<{ id: number; status: string; reason: string | null }>).find((e) => e.id === id)!;

/** A CCBill sale of `price` on the site of `path`: its transaction, subscription and conversion. */
async function billerSale(path: string, cid: string, price = '100.00') {
  const sub = ccbillId();
  const tx = ccbillId();
  const res = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(sub, tx, cid, price));
  expect(res.body).toBe('OK');
  const event = await lastEvent();
  expect(event.status).toBe('accepted');
  return { sub, tx, id: event.conversionId!, eventId: event.id };
}

/** The site's revenue in the statistics (all its rows, attributed or not), in cents. */
const revenueOf = async (siteId: number) =>
  Number((await rows<{ c: string }>(t.app.db, sql`select coalesce(sum(revenue_cents), 0)::text as c from stats_daily where site_id = ${siteId}`))[0]!.c);

describe('a refund finds its sale whichever channel recorded it', () => {
  it("the site's refund with the cid of a biller's sale takes back its share (not accepted with 0)", async () => {
    const cid = await newClick(only);
    const s = await billerSale(onlyPath, cid);
    const before = await balance();
    const res = await convert(t.app, only.apiKey, { cid, type: 'refund', amount: '10.00', transaction_id: `x1-${++seq}` });
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: -3.5 });
    expect(await balance()).toBe(before - 350);
    expect(await conversion(res.json().data.conversion_id)).toMatchObject({ reversesConversionId: s.id, affiliateId: aliceId });
  });

  it("the site's refund naming the biller's transaction as the original finds it, with or without the cid", async () => {
    const cid = await newClick(only);
    const s = await billerSale(onlyPath, cid);
    const before = await balance();
    const noCid = await convert(t.app, only.apiKey, { type: 'refund', amount: '40.00', transaction_id: `x2-${++seq}`, original_transaction_id: s.tx });
    expect(noCid.json().data).toMatchObject({ status: 'accepted', earning: -14 });
    const withCid = await convert(t.app, only.apiKey, { cid, type: 'chargeback', transaction_id: `x3-${++seq}`, original_transaction_id: s.tx });
    expect(withCid.json().data).toMatchObject({ status: 'accepted', earning: -21 });
    expect(await balance()).toBe(before - 3500);
    expect(await conversion(s.id)).toMatchObject({ status: 'reversed', reason: 'Charged back' });
    // Nothing is left of it: accepted with 0, naming the sale.
    const again = await convert(t.app, only.apiKey, { cid, type: 'refund', amount: '1.00', transaction_id: `x4-${++seq}`, original_transaction_id: s.tx });
    expect(again.json().data).toMatchObject({ status: 'accepted', earning: 0 });
    expect(await conversion(again.json().data.conversion_id)).toMatchObject({ reversesConversionId: s.id });
  });

  it("the biller's refund with the X-cid of a sale the site reported (under its own id) takes it back", async () => {
    const cid = await newClick(both);
    const own = await convert(t.app, both.apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: `site-sale-${++seq}` });
    expect(own.json().data).toMatchObject({ status: 'accepted', earning: 17.5 });
    const before = await balance();
    const refund = await ccbillPost(t.app, bothPath, 'Refund', { ...takeBack(ccbillId(), ccbillId(), '50.00'), 'X-cid': cid });
    expect(refund.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'accepted', eventType: 'refund' });
    expect(await balance()).toBe(before - 1750);
    expect(await conversion(own.json().data.conversion_id)).toMatchObject({ status: 'reversed', reason: 'Refunded in full' });
  });

  it('a refund that finds no sale is orphaned with the true reason, and staff see it in the conversion log', async () => {
    const cid = await newClick(only);
    const before = await balance();
    const res = await convert(t.app, only.apiKey, { cid, type: 'refund', amount: '10.00', transaction_id: `nosale-${++seq}` });
    expect(res.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'No sale of this click was found on this site.' });
    expect(await balance()).toBe(before);
    const log = await t.app.inject({ method: 'GET', url: `/v1/conversion-log?status=orphaned&type=refund&site_id=${only.siteId}&per_page=100`, headers: bearer(staff) });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.find((r: { id: number }) => r.id === res.json().data.conversion_id)).toMatchObject({ status: 'orphaned', reason: 'No sale of this click was found on this site.' });
    // A biller's refund of a transaction nobody recorded, with no click: orphaned, saying so.
    const unknownSub = ccbillId();
    await ccbillPost(t.app, onlyPath, 'Refund', takeBack(unknownSub, ccbillId(), '5.00'));
    expect(await lastEvent()).toMatchObject({ status: 'orphaned', reason: `No sale of subscription ${unknownSub} was received from this biller account.` });
  });
});

describe('"the site reports too": one sale, one conversion', () => {
  it('the site first, then its biller with the same transaction id: the second is a duplicate, answered OK, paid once', async () => {
    const cid = await newClick(both);
    const tx = ccbillId();
    const before = await balance();
    const own = await convert(t.app, both.apiKey, { cid, type: 'sale', amount: '100.00', transaction_id: tx });
    expect(own.json().data).toMatchObject({ status: 'accepted', earning: 35 });
    const sub = ccbillId();
    const post = await ccbillPost(t.app, bothPath, 'NewSaleSuccess', newSale(sub, tx, cid, '100.00'));
    expect(post.statusCode).toBe(200);
    expect(post.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'duplicate', conversionId: own.json().data.conversion_id });
    expect(await balance()).toBe(before + 3500);
    const sales = await t.app.db.select().from(conversions).where(and(eq(conversions.siteId, both.siteId), eq(conversions.transactionId, tx)));
    expect(sales).toHaveLength(1);
  });

  it('the biller first, then the site: the site is answered duplicate with the same conversion', async () => {
    const cid = await newClick(both);
    const before = await balance();
    const s = await billerSale(bothPath, cid);
    const own = await convert(t.app, both.apiKey, { cid, type: 'sale', amount: '100.00', transaction_id: s.tx });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ status: 'duplicate', conversion_id: s.id, earning: null });
    expect(await balance()).toBe(before + 3500);
  });

  it('both at the same moment: one conversion, paid once', async () => {
    const cid = await newClick(both);
    const tx = ccbillId();
    const before = await balance();
    const [site, biller] = await Promise.all([
      convert(t.app, both.apiKey, { cid, type: 'sale', amount: '100.00', transaction_id: tx }),
      ccbillPost(t.app, bothPath, 'NewSaleSuccess', newSale(ccbillId(), tx, cid, '100.00')),
    ]);
    expect(site.statusCode).toBe(200);
    expect(biller.body).toBe('OK');
    expect(await balance()).toBe(before + 3500);
    expect(await t.app.db.select().from(conversions).where(and(eq(conversions.siteId, both.siteId), eq(conversions.transactionId, tx)))).toHaveLength(1);
  });
});

describe('partial refunds', () => {
  it('two CCBill partial refunds of one sale (no refund id: amount and time) both reverse; a third with neither is refused and logged', async () => {
    const cid = await newClick(only);
    const s = await billerSale(onlyPath, cid);
    const before = await balance();
    await ccbillPost(t.app, onlyPath, 'Refund', takeBack(s.sub, s.tx, '30.00', '2026-12-27 09:30:00'));
    await ccbillPost(t.app, onlyPath, 'Refund', takeBack(s.sub, s.tx, '30.00', '2026-12-28 10:00:00'));
    expect(await balance()).toBe(before - 2100);
    // The same refund posted again is a duplicate.
    await ccbillPost(t.app, onlyPath, 'Refund', takeBack(s.sub, s.tx, '30.00', '2026-12-28 10:00:00'));
    expect(await lastEvent()).toMatchObject({ status: 'duplicate' });
    // One with its own refund id: a refund of its own, whatever its time.
    await ccbillPost(t.app, onlyPath, 'Refund', { ...takeBack(s.sub, s.tx, '10.00', '2026-12-28 10:00:00'), refundTransactionId: ccbillId() });
    expect(await balance()).toBe(before - 2450);
    const { timestamp: _, ...bare } = takeBack(s.sub, s.tx, '10.00');
    const refused = await ccbillPost(t.app, onlyPath, 'Refund', bare);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'forbidden', message: 'The Refund post has neither a refund id nor a timestamp.' });
    expect(await lastEvent()).toMatchObject({ status: 'rejected', reason: 'The Refund post has neither a refund id nor a timestamp.', conversionId: null });
    expect(await balance()).toBe(before - 2450);
  });

  it('the sum of reversals never exceeds the sale: earnings, and revenue', async () => {
    const cid = await newClick(only);
    const s = await billerSale(onlyPath, cid, '10.00');
    const [revenueBefore, before] = [await revenueOf(only.siteId), await balance()];
    const big = await convert(t.app, only.apiKey, { cid, type: 'refund', amount: '1000.00', transaction_id: `big-${++seq}`, original_transaction_id: s.tx });
    expect(big.json().data).toMatchObject({ status: 'accepted', earning: -3.5 });
    expect(await revenueOf(only.siteId)).toBe(revenueBefore - 1000);
    const more = await convert(t.app, only.apiKey, { cid, type: 'chargeback', amount: '5.00', transaction_id: `more-${++seq}`, original_transaction_id: s.tx });
    expect(more.json().data).toMatchObject({ status: 'accepted', earning: 0 });
    expect(await revenueOf(only.siteId)).toBe(revenueBefore - 1000);
    expect(await balance()).toBe(before - 350);
  });

  it('a negative sale price is refused and logged, no sale recorded', async () => {
    const cid = await newClick(only);
    const tx = ccbillId();
    const res = await ccbillPost(t.app, onlyPath, 'NewSaleSuccess', { ...newSale(ccbillId(), tx, cid, '29.95'), billedInitialPrice: '-29.95' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'forbidden', message: 'The billedInitialPrice is negative.' });
    expect(await lastEvent()).toMatchObject({ status: 'rejected', reason: 'The billedInitialPrice is negative.' });
    expect(await t.app.db.select().from(conversions).where(eq(conversions.transactionId, tx))).toEqual([]);
    // A refund's sign is the event's: "-9.95" and "9.95" are the same refund amount.
    const s = await billerSale(onlyPath, cid, '20.00');
    const before = await balance();
    await ccbillPost(t.app, onlyPath, 'Refund', { ...takeBack(s.sub, s.tx, '10.00'), amount: '-10.00' });
    expect(await balance()).toBe(before - 350);
  });
});

describe("a biller event shows its conversion's current status", () => {
  it('a sale refunded since shows reversed; its refund shows accepted', async () => {
    const cid = await newClick(only);
    const s = await billerSale(onlyPath, cid);
    expect(await shownEvent(s.eventId)).toMatchObject({ status: 'accepted' });
    await ccbillPost(t.app, onlyPath, 'Refund', takeBack(s.sub, s.tx, '100.00'));
    const refundEvent = await lastEvent();
    expect(await shownEvent(s.eventId)).toMatchObject({ status: 'reversed', reason: 'Refunded in full' });
    expect(await shownEvent(refundEvent.id)).toMatchObject({ status: 'accepted' });
    const filtered = await t.app.inject({ method: 'GET', url: `/v1/biller-events?status=reversed&site_id=${only.siteId}&per_page=100`, headers: bearer(staff) });
    expect(filtered.json().data.map((e: { id: number }) => e.id)).toContain(s.eventId);
  });

  it('an orphaned sale attached by staff since shows accepted', async () => {
    const cid = await newClick(only);
    const tx = ccbillId();
    await ccbillPost(t.app, onlyPath, 'NewSaleSuccess', newSale(ccbillId(), tx, null, '20.00'));
    const event = await lastEvent();
    expect(await shownEvent(event.id)).toMatchObject({ status: 'orphaned' });
    const attached = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${event.conversionId}/attach`, headers: bearer(staff), payload: { cid } });
    expect(attached.statusCode).toBe(200);
    expect(await shownEvent(event.id)).toMatchObject({ status: 'accepted', reason: null });
  });
  it("a sale over its offer's full hard cap shows rejected over cap, as its conversion, and pays nothing", async () => {
    // A sale today, then the click: once the cap is full, the offer's links send visitors to the fallback.
    await billerSale(onlyPath, await newClick(only), '40.00');
    const cid = await newClick(only);
    // Made today, the cap starts from the day's sales already recorded: full at once.
    const cap = await t.app.inject({ method: 'POST', url: `/v1/offers/${only.offerId}/caps`, headers: bearer(staff), payload: { metric: 'conversions', period: 'day', limit: 1 } });
    expect(cap.statusCode).toBe(201);
    const before = await balance();
    await ccbillPost(t.app, onlyPath, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), cid, '40.00'));
    const event = await lastEvent();
    expect(await conversion(event.conversionId!)).toMatchObject({ status: 'rejected', reason: OVER_CAP_REASON });
    expect(await shownEvent(event.id)).toMatchObject({ status: 'rejected', reason: OVER_CAP_REASON });
    expect(await balance()).toBe(before);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.json().data.id}`, headers: bearer(staff) })).statusCode).toBe(200);
  });
});
