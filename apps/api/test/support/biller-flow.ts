import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions, ledgerEntries, subscriptions } from '../../src/db/schema/index.ts';
import { balanceCents } from '../../src/modules/ledger/balance.ts';
import type { TestApp } from '../helpers.ts';
import { addBillerAccount, pathOf } from './billers.ts';
import { MailCatcher } from './mail-catcher.ts';
import { closeAppWithMail } from './people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './tracking.ts';
import { bearer } from './users.ts';
import { statsDay } from '../../src/lib/days.ts';

/** One post as a biller sends it: a GET with its query, or a form-encoded POST. */
export interface SamplePost {
  method: 'GET' | 'POST';
  query?: Record<string, string>;
  body?: Record<string, string>;
}

export interface Sale {
  sub: string;
  tx: string;
  cid: string | null;
  price: string;
  currency?: string;
}
export interface TakeBack {
  sub: string;
  tx: string;
  original: string;
  price: string;
}

/** One biller's posts, shaped like its documented samples (docs/billers.md). */
export interface BillerSamples {
  biller: 'epoch' | 'segpay' | 'verotel';
  /** `POST /v1/sites/{id}/biller-accounts` body (with the secret where the biller has one). */
  account: Record<string, unknown>;
  /** The biller's event name of a sale, as the event log keeps it. */
  saleEvent: string;
  sale(s: Sale): SamplePost;
  rebill(s: { sub: string; tx: string; price: string }): SamplePost;
  refund(s: TakeBack): SamplePost;
  chargeback(s: TakeBack): SamplePost;
  cancellation(s: { sub: string }): SamplePost;
  /** A sale the endpoint must refuse (wrong token or signature, or an unknown key), and what it answers. */
  forged(path: string, sale: Sale): { path: string; post: SamplePost; status: number; reason: string };
  /** The query the postback URL carries for pasting into the biller's admin ('' when none). */
  pasteQuery?: string;
}

let seq = 0;
/** A biller-shaped numeric id, unique in the run. */
export const billerId = () => `${String(Date.now() % 1e7).padStart(7, '0')}${String(++seq).padStart(4, '0')}`;

export function send(app: TestApp['app'], path: string, post: SamplePost) {
  const qs = new URLSearchParams(post.query ?? {}).toString();
  const url = qs ? `${path}?${qs}` : path;
  if (post.method === 'GET') return app.inject({ method: 'GET', url });
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(post.body ?? {}).toString(),
  });
}

/**
 * The end-to-end proof every biller gives (issue 26): a sale with the click id pays the affiliate;
 * its rebill without one pays the same affiliate again; a refund and a chargeback reverse; a
 * cancellation moves no money; a repeat is a duplicate; a forged post is refused and changes
 * nothing; an unknown subscription is orphaned; EUR and GBP convert at the day's rate.
 */
export function billerFlow(s: BillerSamples): void {
  type Tokens = { access_token: string };
  const mail = new MailCatcher();
  let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number, rev: Catalogue;
  let path: string, accountId: number, postbackUrl: string;
  let ip = 0;

  beforeAll(async () => {
    ({ t, staff, alice, aliceId, catalogues: { rev } } = await appWithCatalogues(mail, ['offers', 'payouts', 'settings'], {
      rev: { name: `${s.biller}vr`, payoutType: 'revshare', payout: 35 },
    }));
    const account = await addBillerAccount(t.app, staff, rev.siteId, s.account);
    path = pathOf(account.postback_url);
    postbackUrl = account.postback_url;
    accountId = account.id;
    // A whole app with its catalogue: slow on a busy machine.
  }, 180_000);
  afterAll(() => closeAppWithMail(t, mail));

  const newClick = async () => {
    const link = await trackingLink(t.app, alice, rev.offerId);
    return (await click(t.app, link.url, { ip: `10.27.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
  };
  const balance = () => balanceCents(t.app.db, aliceId);
  const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
  const lastEvent = async () => (await t.app.db.select().from(billerEvents).orderBy(billerEvents.id)).at(-1)!;
  const post = (p: SamplePost) => send(t.app, path, p);
  const ok = (res: { statusCode: number; body: string }) => {
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: 'OK' });
  };

  describe(`${s.biller} postbacks end to end`, () => {
    let cid: string, sub: string, saleTx: string, saleId: number, rebillTx: string, rebillId: number;

    it("the postback URL is the whole one to paste into the biller's admin", () => {
      expect(postbackUrl.split('?')[1] ?? '').toBe(s.pasteQuery ?? '');
    });

    it('a sale with the click id pays the affiliate and starts the subscription', async () => {
      cid = await newClick();
      sub = billerId();
      saleTx = billerId();
      const before = await balance();
      ok(await post(s.sale({ sub, tx: saleTx, cid, price: '100.00' })));
      expect(await balance()).toBe(before + 3500);
      const event = await lastEvent();
      expect(event).toMatchObject({ status: 'accepted', biller: s.biller, billerEvent: s.saleEvent, eventType: 'sale', transactionId: saleTx, subscriptionId: sub, billerAccountId: accountId });
      saleId = event.conversionId!;
      expect(await conversion(saleId)).toMatchObject({ type: 'sale', status: 'accepted', cid, billerAccountId: accountId, transactionId: saleTx, amountCents: 10000 });
      const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, sub));
      expect(row).toMatchObject({ status: 'active', cid, affiliateId: aliceId, offerId: rev.offerId, saleConversionId: saleId });
    });

    it('the same post again is a duplicate, answered OK, and pays nothing more', async () => {
      const before = await balance();
      ok(await post(s.sale({ sub, tx: saleTx, cid, price: '100.00' })));
      expect(await lastEvent()).toMatchObject({ status: 'duplicate', conversionId: saleId });
      expect(await balance()).toBe(before);
    });

    it('a rebill without a click id pays the same affiliate again, through the subscription', async () => {
      rebillTx = billerId();
      const before = await balance();
      ok(await post(s.rebill({ sub, tx: rebillTx, price: '40.00' })));
      expect(await balance()).toBe(before + 1400);
      const event = await lastEvent();
      expect(event).toMatchObject({ status: 'accepted', eventType: 'rebill', transactionId: rebillTx });
      rebillId = event.conversionId!;
      expect(await conversion(rebillId)).toMatchObject({ type: 'rebill', affiliateId: aliceId, cid });
    });

    it('a refund of the sale and a chargeback of the rebill take their earnings back', async () => {
      const before = await balance();
      ok(await post(s.refund({ sub, tx: billerId(), original: saleTx, price: '100.00' })));
      expect(await balance()).toBe(before - 3500);
      expect((await conversion(saleId)).status).toBe('reversed');
      expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ type: 'refund', reversesConversionId: saleId, affiliateId: aliceId });
      ok(await post(s.chargeback({ sub, tx: billerId(), original: rebillTx, price: '40.00' })));
      expect(await balance()).toBe(before - 3500 - 1400);
      expect((await conversion(rebillId)).status).toBe('reversed');
      expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ type: 'chargeback', reversesConversionId: rebillId });
    });

    it('a cancellation moves no money: a subscription event, the subscription cancelled', async () => {
      const before = await balance();
      const ledgerBefore = (await t.app.db.select().from(ledgerEntries)).length;
      ok(await post(s.cancellation({ sub })));
      expect(await lastEvent()).toMatchObject({ status: 'subscription', eventType: 'cancellation', conversionId: null });
      expect(await balance()).toBe(before);
      expect((await t.app.db.select().from(ledgerEntries)).length).toBe(ledgerBefore);
      const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, sub));
      expect(row!.status).toBe('cancelled');
    });

    it('a forged post is refused, logged as rejected, and changes nothing', async () => {
      const before = await balance();
      const count = (await t.app.db.select().from(conversions)).length;
      const forged = s.forged(path, { sub: billerId(), tx: billerId(), cid: await newClick(), price: '100.00' });
      const res = await send(t.app, forged.path, forged.post);
      expect(res.statusCode).toBe(forged.status);
      expect(res.json()).toMatchObject({ message: forged.reason });
      expect(await lastEvent()).toMatchObject({ status: 'rejected', reason: forged.reason, conversionId: null });
      expect(await balance()).toBe(before);
      expect((await t.app.db.select().from(conversions)).length).toBe(count);
    });

    it('a rebill of a subscription never sold here is stored orphaned with its reason', async () => {
      const unknown = billerId();
      const before = await balance();
      ok(await post(s.rebill({ sub: unknown, tx: billerId(), price: '40.00' })));
      const event = await lastEvent();
      const reason = `No sale of subscription ${unknown} was received from this biller account.`;
      expect(event).toMatchObject({ status: 'orphaned', reason });
      expect(await conversion(event.conversionId!)).toMatchObject({ status: 'orphaned', affiliateId: null, reason });
      expect(await balance()).toBe(before);
    });

    it("EUR and GBP sales convert to USD at the day's rate", async () => {
      // The conversion's statistics day (Los Angeles), on which its rate must be known.
      const day = statsDay(new Date());
      const put = await t.app.inject({
        method: 'PUT',
        url: '/v1/settings/exchange-rates',
        headers: bearer(staff),
        payload: { rates: [{ currency: 'EUR', day, rate: '1.1' }, { currency: 'GBP', day, rate: '1.25' }] },
      });
      expect(put.statusCode).toBe(200);
      const before = await balance();
      ok(await post(s.sale({ sub: billerId(), tx: billerId(), cid: await newClick(), price: '10.00', currency: 'EUR' })));
      expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ currency: 'EUR', amountMinor: 1000, amountCents: 1100, status: 'accepted' });
      ok(await post(s.sale({ sub: billerId(), tx: billerId(), cid: await newClick(), price: '20.00', currency: 'GBP' })));
      expect(await conversion((await lastEvent()).conversionId!)).toMatchObject({ currency: 'GBP', amountMinor: 2000, amountCents: 2500, status: 'accepted' });
      expect(await balance()).toBe(before + 385 + 875);
    });

    it("the affiliate's conversion log shows the biller and its event", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/conversion-log?per_page=100', headers: bearer(alice) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.find((r: { id: number }) => r.id === saleId)).toMatchObject({ biller: s.biller, biller_event: s.saleEvent });
    });
  });
}
