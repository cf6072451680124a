import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions, ledgerEntries, subscriptionEvents, subscriptions } from '../src/db/schema/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { redactLogLine } from '../src/lib/log-redaction.ts';
import { buyerEmailHash } from '../src/modules/billers/raw.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount, cancellation, ccbillId, ccbillPost, newSale, pathOf, renewal, takeBack } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';
import { statsDay } from '../src/lib/days.ts';

/**
 * CCBill end to end (issue 26): staff add a CCBill account to a site; CCBill's webhooks, shaped like
 * its documented samples, pay and take back the affiliate through the one conversion path, and the
 * event log shows every post and what it became.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number;
let rev: Catalogue, quiet: Catalogue;
let path: string, accountId: number;
let ip = 0;

beforeAll(async () => {
  ({ t, staff, alice, aliceId, catalogues: { rev, quiet } } = await appWithCatalogues(mail, ['offers', 'payouts', 'settings'], {
    rev: { name: 'ccbillvr', payoutType: 'revshare', payout: 35 },
    quiet: { name: 'quietvr', payoutType: 'revshare', payout: 35 },
  }));
  const account = await addBillerAccount(t.app, staff, rev.siteId);
  path = pathOf(account.postback_url);
  accountId = account.id;
});
afterAll(() => closeAppWithMail(t, mail));

async function newClick(offer: Catalogue = rev) {
  const link = await trackingLink(t.app, alice, offer.offerId);
  return (await click(t.app, link.url, { ip: `10.26.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}
const balance = () => balanceCents(t.app.db, aliceId);
const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const lastEvent = async () => (await t.app.db.select().from(billerEvents).orderBy(billerEvents.id)).at(-1)!;
const events = (query: string) => t.app.inject({ method: 'GET', url: `/v1/biller-events?${query}`, headers: bearer(staff) });

describe('biller accounts', () => {
  it('staff add one to a site and read its postback URL; affiliates may not', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/sites/${rev.siteId}/biller-accounts`, headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const [account] = res.json().data;
    expect(account).toMatchObject({ biller: 'ccbill', ccbill_account: '900100', ccbill_subaccount: '0000', passthrough_field: 'cid', site_reports_too: false, active: true, has_secret: false });
    expect(account.postback_url).toMatch(/^http:\/\/portal\.test\/billers\/ccbill\/[A-Za-z0-9_-]{32}$/);
    expect((await t.app.inject({ method: 'GET', url: `/v1/sites/${rev.siteId}/biller-accounts`, headers: bearer(alice) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/v1/sites/${rev.siteId}/biller-accounts`, headers: bearer(staff), payload: { biller: 'paypal' } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/v1/sites/99999/biller-accounts', headers: bearer(staff) })).statusCode).toBe(404);
  });

  it('a rotated key stops the old URL at once; the new one answers', async () => {
    const other = await addBillerAccount(t.app, staff, quiet.siteId, { biller: 'ccbill', ccbill_account: '900200', site_reports_too: true });
    const rotated = (await t.app.inject({ method: 'POST', url: `/v1/biller-accounts/${other.id}/rotate-key`, headers: bearer(staff) })).json().data;
    expect(rotated.postback_url).not.toBe(other.postback_url);
    expect(rotated.key_rotated_at).not.toBeNull();
    const old = await ccbillPost(t.app, pathOf(other.postback_url), 'Cancellation', cancellation(ccbillId()));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ error_code: 'not_found', message: 'Unknown account key.' });
    const fresh = await ccbillPost(t.app, pathOf(rotated.postback_url), 'NewSaleFailure', { transactionId: ccbillId(), failureReason: 'Card declined' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'logged', eventType: 'failure', billerAccountId: other.id });
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/sites/${quiet.siteId}/biller-accounts`, headers: bearer(staff) })).json().data[0];
    expect(listed.last_post_at).not.toBeNull();

    // A PATCH changes only what it sends; the secret is never shown, only whether one is set.
    const patched = await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${other.id}`, headers: bearer(staff), payload: { secret: 'shh', passthrough_field: 'click' } });
    expect(patched.json().data).toMatchObject({ has_secret: true, passthrough_field: 'click', ccbill_account: '900200', site_reports_too: true });
    expect(patched.body).not.toContain('shh');
    const again = await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${other.id}`, headers: bearer(staff), payload: { active: false } });
    expect(again.json().data).toMatchObject({ has_secret: true, passthrough_field: 'click', active: false });
    // Deleted: gone from the list, its URL stops answering.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/biller-accounts/${other.id}`, headers: bearer(staff) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/sites/${quiet.siteId}/biller-accounts`, headers: bearer(staff) })).json().data).toEqual([]);
    expect((await ccbillPost(t.app, pathOf(rotated.postback_url), 'Cancellation', cancellation(ccbillId()))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${other.id}`, headers: bearer(staff), payload: { active: true } })).statusCode).toBe(404);
  });
});

describe('CCBill webhooks', () => {
  let cid: string, subscriptionId: string, saleTx: string, saleId: number;

  it('a NewSaleSuccess with X-cid pays the affiliate through the conversion path and starts the subscription', async () => {
    cid = await newClick();
    subscriptionId = ccbillId();
    saleTx = ccbillId();
    const before = await balance();
    const res = await ccbillPost(t.app, path, 'NewSaleSuccess', { ...newSale(subscriptionId, saleTx, cid, '100.00'), 'X-notes': '4111 1111 1111 1111' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await balance()).toBe(before + 3500);
    const event = await lastEvent();
    expect(event).toMatchObject({ status: 'accepted', billerEvent: 'NewSaleSuccess', eventType: 'sale', transactionId: saleTx, subscriptionId, billerAccountId: accountId });
    saleId = event.conversionId!;
    expect(await conversion(saleId)).toMatchObject({ type: 'sale', status: 'accepted', cid, billerAccountId: accountId, billerEvent: 'NewSaleSuccess', transactionId: saleTx, amountCents: 10000 });
    // Card data never stored (and named); the consumer's password redacted; CCBill's 19-digit ids kept.
    expect(event.droppedFields).toEqual(expect.arrayContaining(['X-notes', 'cardType']));
    expect(JSON.stringify(event.raw)).not.toContain('4111 1111 1111 1111');
    expect(event.raw.password).toBe('[redacted]');
    expect(event.raw.transactionId).toBe(saleTx);
    expect(event.raw.last4).toBe('1111');
    // The merchant's own account ids are kept; of the buyer only the country and a keyed hash of the email.
    expect(event.raw).toMatchObject({ clientAccnum: '900100', clientSubacc: '0000', country: 'US' });
    expect(event.raw.email_hash).toBe(buyerEmailHash(t.app.config.taxFormKey, 'USER@randomurl.com '));
    for (const field of ['firstName', 'lastName', 'email', 'address1', 'city', 'state', 'postalCode', 'ipAddress', 'username']) {
      expect(event.raw[field]).toBeUndefined();
      expect(event.droppedFields).toContain(field);
    }
    expect(JSON.stringify(event.raw)).not.toMatch(/user@randomurl\.com|123 Main Street|192\.168\.27\.4|John|Doe/);
    const [sub] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId));
    expect(sub).toMatchObject({ status: 'active', cid, affiliateId: aliceId, offerId: rev.offerId, saleConversionId: saleId });
    // Its first event, written with its conversion, names the post that made it.
    expect(await t.app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, sub!.id))).toEqual([
      expect.objectContaining({ type: 'sale', conversionId: saleId, amountCents: 10000, billerEventId: event.id }),
    ]);
  });

  it('the same post again is a duplicate, answered OK, and pays nothing more', async () => {
    const before = await balance();
    const res = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(subscriptionId, saleTx, cid, '100.00'), { json: true });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'duplicate', conversionId: saleId });
    expect(await balance()).toBe(before);
  });

  it('a sale whose conversion was made but whose answer never reached CCBill (a crash) makes its subscription on the retry, once', async () => {
    const otherCid = await newClick();
    const sub = ccbillId();
    const tx = ccbillId();
    // The conversion of the first try, from this account, with no event-log row or subscription after it.
    const first = await recordConversion(t.app.db, rev.siteId, { cid: otherCid, type: 'sale', amount: 50, amount_minor: 5000, currency: 'USD', transaction_id: tx }, new Date(), {
      billerAccountId: accountId,
      billerEvent: 'NewSaleSuccess',
      noClickReason: null,
    });
    const before = await balance();
    const retry = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(sub, tx, otherCid, '50.00'));
    expect(retry.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'duplicate', conversionId: first.conversionId, subscriptionId: sub });
    expect(await balance()).toBe(before);
    const [made] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, sub));
    expect(made).toMatchObject({ cid: otherCid, affiliateId: aliceId, saleConversionId: first.conversionId });
    const rows = await t.app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, made!.id));
    expect(rows).toEqual([]);
    // Its rebill now finds the affiliate.
    const rebill = await ccbillPost(t.app, path, 'RenewalSuccess', renewal(sub, ccbillId(), '50.00'));
    expect(rebill.body).toBe('OK');
    expect(await balance()).toBe(before + 1750);
  });

  let rebillId: number;
  it('a RenewalSuccess without a click id pays the same affiliate again, through the subscription', async () => {
    const before = await balance();
    const res = await ccbillPost(t.app, path, 'RenewalSuccess', renewal(subscriptionId, ccbillId(), '40.00'));
    expect(res.body).toBe('OK');
    expect(await balance()).toBe(before + 1400);
    const event = await lastEvent();
    expect(event).toMatchObject({ status: 'accepted', eventType: 'rebill' });
    rebillId = event.conversionId!;
    expect(await conversion(rebillId)).toMatchObject({ type: 'rebill', affiliateId: aliceId, cid, billerEvent: 'RenewalSuccess' });
    const [made] = await t.app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.conversionId, rebillId));
    expect(made).toMatchObject({ type: 'rebill', amountCents: 4000, billerEventId: event.id });
  });

  it('a Refund of the sale and a Chargeback of the rebill take their earnings back', async () => {
    const before = await balance();
    const refund = await ccbillPost(t.app, path, 'Refund', takeBack(subscriptionId, saleTx, '100.00'));
    expect(refund.body).toBe('OK');
    expect(await balance()).toBe(before - 3500);
    expect((await conversion(saleId)).status).toBe('reversed');
    const refundRow = await conversion((await lastEvent()).conversionId!);
    expect(refundRow).toMatchObject({ type: 'refund', reversesConversionId: saleId, affiliateId: aliceId });

    const rebillTx = (await conversion(rebillId)).transactionId;
    const chargeback = await ccbillPost(t.app, path, 'Chargeback', takeBack(subscriptionId, rebillTx, '40.00'));
    expect(chargeback.body).toBe('OK');
    expect(await balance()).toBe(before - 3500 - 1400);
    expect((await conversion(rebillId)).status).toBe('reversed');
  });

  it('a Void of a sale reverses it like a refund', async () => {
    const voidCid = await newClick();
    const sub = ccbillId();
    const tx = ccbillId();
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(sub, tx, voidCid, '20.00'));
    const sale = (await lastEvent()).conversionId!;
    const before = await balance();
    await ccbillPost(t.app, path, 'Void', takeBack(sub, tx, '20.00'));
    expect(await balance()).toBe(before - 700);
    expect((await conversion(sale)).status).toBe('reversed');
    expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ type: 'refund', billerEvent: 'Void', reversesConversionId: sale });
  });

  it('a sale on an offer with a cap is recorded one by one from the same biller account: its refund still finds it', async () => {
    // Capped offers leave the batch for the one-by-one path (docs/caps.md); the source must go with them.
    const cap = await t.app.inject({ method: 'POST', url: `/v1/offers/${rev.offerId}/caps`, headers: bearer(staff), payload: { metric: 'payout', period: 'month', limit: 100000, mode: 'soft' } });
    expect(cap.statusCode).toBe(201);
    const cappedCid = await newClick();
    const sub = ccbillId();
    const tx = ccbillId();
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(sub, tx, cappedCid, '20.00'));
    const sale = (await lastEvent()).conversionId!;
    expect(await conversion(sale)).toMatchObject({ status: 'accepted', billerAccountId: accountId, transactionId: tx });
    const before = await balance();
    await ccbillPost(t.app, path, 'Refund', takeBack(sub, tx, '20.00'));
    expect(await lastEvent()).toMatchObject({ status: 'accepted', eventType: 'refund' });
    expect(await balance()).toBe(before - 700);
    expect((await conversion(sale)).status).toBe('reversed');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.json().data.id}`, headers: bearer(staff) })).statusCode).toBe(200);
  });

  it('a Cancellation moves no money: a subscription event, the subscription cancelled', async () => {
    const before = await balance();
    const ledgerBefore = (await t.app.db.select().from(ledgerEntries)).length;
    const res = await ccbillPost(t.app, path, 'Cancellation', cancellation(subscriptionId));
    expect(res.body).toBe('OK');
    expect(await lastEvent()).toMatchObject({ status: 'subscription', eventType: 'cancellation', conversionId: null });
    expect(await balance()).toBe(before);
    expect((await t.app.db.select().from(ledgerEntries)).length).toBe(ledgerBefore);
    const [sub] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId));
    expect(sub!.status).toBe('cancelled');
    expect(sub!.cancelledAt).not.toBeNull();
    // Sent again: a duplicate.
    await ccbillPost(t.app, path, 'Cancellation', cancellation(subscriptionId));
    expect((await lastEvent()).status).toBe('duplicate');
  });

  it('a wrong key is refused, logged without an account, and changes nothing', async () => {
    const before = await balance();
    const count = (await t.app.db.select().from(conversions)).length;
    const res = await ccbillPost(t.app, '/billers/ccbill/not-the-key-of-anyone-at-all-0000', 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '100.00'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error_code: 'not_found', message: 'Unknown account key.' });
    expect(await balance()).toBe(before);
    expect((await t.app.db.select().from(conversions)).length).toBe(count);
    expect(await lastEvent()).toMatchObject({ status: 'rejected', billerAccountId: null, reason: 'Unknown account key.', biller: 'ccbill' });
    // A biller we do not speak (yet), or no biller at all: 404, never the web app's page.
    const unknown = await t.app.inject({ method: 'GET', url: '/billers/paypal/whatever' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: 'not_found', message: 'Unknown biller.' });
  });

  it('a sale without the click id is orphaned; once staff attach it to the click, its subscription and rebills are the affiliate\'s', async () => {
    const sub = ccbillId();
    const tx = ccbillId();
    // The buyer's click, made before the sale (whose post lost the click id).
    const cidLater = await newClick();
    const res = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(sub, tx, null, '20.00'));
    expect(res.body).toBe('OK');
    const orphan = (await lastEvent()).conversionId!;
    expect(await conversion(orphan)).toMatchObject({ status: 'orphaned', affiliateId: null });
    const attached = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${orphan}/attach`, headers: bearer(staff), payload: { cid: cidLater } });
    expect(attached.statusCode).toBe(200);
    const [started] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, sub));
    expect(started).toMatchObject({ cid: cidLater, affiliateId: aliceId, offerId: rev.offerId, saleConversionId: orphan });
    const before = await balance();
    expect((await ccbillPost(t.app, path, 'RenewalSuccess', renewal(sub, ccbillId(), '20.00'))).body).toBe('OK');
    expect(await balance()).toBe(before + 700);
  });

  it('a rebill of a subscription never sold here is stored orphaned with its reason', async () => {
    const sub = ccbillId();
    const before = await balance();
    await ccbillPost(t.app, path, 'RenewalSuccess', renewal(sub, ccbillId(), '40.00'));
    const event = await lastEvent();
    expect(event).toMatchObject({ status: 'orphaned', reason: `No sale of subscription ${sub} was received from this biller account.` });
    expect(await conversion(event.conversionId!)).toMatchObject({ status: 'orphaned', affiliateId: null, reason: `No sale of subscription ${sub} was received from this biller account.` });
    expect(await balance()).toBe(before);
  });

  it('EUR and GBP sales (ISO numeric codes 978 and 826) convert to USD at the day\'s rate', async () => {
    // The conversion's statistics day (Los Angeles), on which its rate must be known.
    const day = statsDay(new Date());
    const put = await t.app.inject({ method: 'PUT', url: '/v1/settings/exchange-rates', headers: bearer(staff), payload: { rates: [{ currency: 'EUR', day, rate: '1.1' }, { currency: 'GBP', day, rate: '1.25' }] } });
    expect(put.statusCode).toBe(200);
    const before = await balance();
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '10.00', '978'));
    expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ currency: 'EUR', amountMinor: 1000, amountCents: 1100, status: 'accepted' });
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '20.00', '826'));
    expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ currency: 'GBP', amountMinor: 2000, amountCents: 2500, status: 'accepted' });
    expect(await balance()).toBe(before + 385 + 875);
  });

  it('CCBill\'s address ranges, when required, refuse other senders (TRUST_PROXY off: the socket\'s address)', async () => {
    await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${accountId}`, headers: bearer(staff), payload: { require_biller_addresses: true } });
    const before = await balance();
    const outside = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '100.00'), { ip: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    const refused = await lastEvent();
    expect(refused).toMatchObject({ status: 'rejected', reason: "The post came from an address outside the biller's published ranges." });
    expect(await balance()).toBe(before);
    const inside = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '100.00'), { ip: '64.38.241.200' });
    expect(inside.body).toBe('OK');
    expect(await balance()).toBe(before + 3500);
    await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${accountId}`, headers: bearer(staff), payload: { require_biller_addresses: false } });

    // The refused post was never trusted: replaying it after the ranges are lifted pays nothing (409).
    const replay = await t.app.inject({ method: 'POST', url: `/v1/biller-events/${refused.id}/replay`, headers: bearer(staff) });
    expect(replay.statusCode).toBe(409);
    expect(await balance()).toBe(before + 3500);
    // A post refused before it was read (unknown key) cannot be replayed.
    const [unknownKey] = await t.app.db.select().from(billerEvents).where(and(eq(billerEvents.status, 'rejected'), eq(billerEvents.reason, 'Unknown account key.')));
    expect((await t.app.inject({ method: 'POST', url: `/v1/biller-events/${unknownKey!.id}/replay`, headers: bearer(staff) })).statusCode).toBe(409);
  });

  it('the event log lists posts with filters, for staff only', async () => {
    const res = await events(`biller=ccbill&site_id=${rev.siteId}&status=accepted&per_page=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((e: { status: string; site: { id: number } }) => e.status === 'accepted' && e.site.id === rev.siteId)).toBe(true);
    expect(body.data[0].raw).toBeTypeOf('object');
    // Each row says what it carried, the site by its display name, and what its conversion is now:
    // the first sale (refunded since) reads reversed, and is listed under that status, not under accepted.
    expect(body.data.some((e: { conversion_id: number | null }) => e.conversion_id === saleId)).toBe(false);
    const reversed = (await events(`biller=ccbill&site_id=${rev.siteId}&status=reversed&per_page=100`)).json().data;
    const sale = reversed.find((e: { conversion_id: number | null }) => e.conversion_id === saleId);
    expect(sale).toMatchObject({ status: 'reversed', amount: '100.00', currency: 'USD', conversion_status: 'reversed', site: { id: rev.siteId, name: 'CCBILLVR' } });
    const cancel = (await events(`biller=ccbill&site_id=${rev.siteId}&status=subscription&per_page=100`)).json().data[0];
    expect(cancel).toMatchObject({ amount: null, currency: null, conversion_status: null });
    // All on one page, its size the total; a day range in Los Angeles days (today's posts, none tomorrow).
    const all = (await events(`biller=ccbill&site_id=${rev.siteId}&status=accepted&per_page=all`)).json();
    expect(all.data.length).toBe(body.meta.total);
    expect(all.meta).toEqual({ total: body.meta.total, page: 1, per_page: body.meta.total });
    const today = statsDay(new Date());
    expect((await events(`biller=ccbill&status=accepted&from=${today}&to=${today}`)).json().meta.total).toBe(body.meta.total);
    const tomorrow = new Date(Date.now() + 86_400_000 * 1.5);
    expect((await events(`biller=ccbill&from=${statsDay(tomorrow)}`)).json().meta.total).toBe(0);
    const rejected = (await events('status=rejected')).json();
    expect(rejected.data.some((e: { biller_account_id: number | null }) => e.biller_account_id === null)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v1/biller-events', headers: bearer(alice) })).statusCode).toBe(403);
  });

  it("the affiliate's conversion log shows the biller and its event, not the raw post", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/conversion-log?per_page=100', headers: bearer(alice) });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((r: { id: number }) => r.id === saleId);
    expect(row).toMatchObject({ biller: 'ccbill', biller_event: 'NewSaleSuccess', status: 'reversed' });
    expect(row.raw).toBeUndefined();
  });

  it('retention per affiliate and offer: started, active, rebills, churned', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/statistics/retention', headers: bearer(alice) });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((r: { offer_id: number }) => r.offer_id === rev.offerId);
    // The renewal's rebill, the one after the retried sale, and the one of the sale staff attached.
    expect(row).toMatchObject({ affiliate_id: aliceId, rebills: 3, churned: 1 });
    // Named as the affiliates list names them, not "#<id>".
    const me = (await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(alice) })).json().data;
    expect(row.affiliate_name).toBe(me.name);
    expect(row.started).toBeGreaterThanOrEqual(5);
    expect(row.churn_rate).toBeGreaterThan(0);
  });
});

describe("the site's own reports once a biller reports its sales", () => {
  it('refuses its sales and rebills (409) unless the account says the site reports too; refunds still pass', async () => {
    const sale = await convert(t.app, rev.apiKey, { cid: await newClick(), type: 'sale', amount: '10.00', transaction_id: 'own-1' });
    expect(sale.statusCode).toBe(409);
    expect(sale.json().message).toContain('reported by its biller account');
    const byUrl = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${rev.apiKey}&type=rebill&cid=x&transaction_id=own-2` });
    expect(byUrl.statusCode).toBe(409);
    expect((await convert(t.app, rev.apiKey, { type: 'refund', transaction_id: 'own-3', original_transaction_id: 'nothing' })).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${accountId}`, headers: bearer(staff), payload: { site_reports_too: true } });
    const [fromBiller] = await t.app.db.select().from(conversions).where(and(eq(conversions.billerAccountId, accountId), eq(conversions.type, 'sale')));
    const allowed = await convert(t.app, rev.apiKey, { cid: await newClick(), type: 'sale', amount: '10.00', transaction_id: fromBiller!.transactionId });
    // The site's API and the biller account are two sources: the same transaction id does not collide.
    expect(allowed.json().data.status).toBe('accepted');
  });
});

describe('secrets in the log', () => {
  it('the account key in the postback path never reaches a log line', () => {
    const line = redactLogLine(`{"req":{"url":"${path}?eventType=NewSaleSuccess"}}`);
    expect(line).toContain('/billers/ccbill/[redacted]?eventType=NewSaleSuccess');
    expect(line).not.toContain(path.split('/').pop()!);
  });
});
