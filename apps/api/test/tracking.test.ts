import { validationMessages } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions, ledgerEntries, tiers, users } from '../src/db/schema/index.ts';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, BOT_UA, type Catalogue, click, convert, createCatalogue, DESKTOP_UA, IPHONE_UA, QUEST_UA, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, aliceId: number, bobId: number;
let cpa: Catalogue, rev: Catalogue;

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, bobId, catalogues: { cpa, rev } } = await appWithCatalogues(mail, ['offers', 'statistics', 'affiliates'], {
    cpa: { name: 'novavr', payoutType: 'cpa', payout: 5, goal: 'signup' },
    rev: { name: 'holostage', payoutType: 'revshare', payout: 25, landingUrl: 'https://holostage.example/join' },
  }));
});
afterAll(() => closeAppWithMail(t, mail));

const today = () => statsDay(new Date());

describe('catalogue', () => {
  it('shows a site key once and only its prefix afterwards; affiliates cannot manage sites or offers', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/v1/sites', headers: bearer(staff) })).json().data;
    const site = list.find((s: { id: number }) => s.id === cpa.siteId);
    expect(cpa.apiKey).toMatch(/^sk_/);
    expect(site.api_key_prefix).toBe(cpa.apiKey.slice(0, 10));
    expect(JSON.stringify(list)).not.toContain(cpa.apiKey);
    const asAffiliate = (await t.app.inject({ method: 'GET', url: '/v1/sites', headers: bearer(alice) })).json().data;
    expect(asAffiliate[0].api_key_prefix).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: '/v1/sites', headers: bearer(alice), payload: { name: 'x', display_name: 'X', url: 'https://x.example' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(alice), payload: {} })).statusCode).toBe(403);
  });

  it('checks payouts: two decimals, percent up to 100', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(staff), payload: { site_id: cpa.siteId, name: 'Bad', payout_type: 'cpa', default_payout: 1.234 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.default_payout).toEqual(['This field is invalid']);
    const pct = await t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(staff), payload: { site_id: cpa.siteId, name: 'Bad', payout_type: 'revshare', default_payout: 120 } });
    expect(pct.json().errors.default_payout).toEqual(['This field must be a positive number from 0 to 100']);
  });

  it("shows affiliates their own payout: custom, else tier, else default", async () => {
    const [tier] = await t.app.db.insert(tiers).values({ name: 'Platinum' }).returning();
    await t.app.db.update(users).set({ tierId: tier!.id }).where(eq(users.id, bobId));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/offers/${cpa.offerId}/payouts`,
      headers: bearer(staff),
      payload: { affiliates: [{ affiliate_id: aliceId, amount: 7.5 }], tiers: [{ tier_id: tier!.id, amount: 6.25 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.custom_payouts).toHaveLength(2);
    const mine = async (who: Tokens) =>
      (await t.app.inject({ method: 'GET', url: `/v1/offers?site_id=${cpa.siteId}`, headers: bearer(who) })).json().data.find((o: { id: number }) => o.id === cpa.offerId).your_payout;
    expect(await mine(alice)).toBe(7.5);
    expect(await mine(bob)).toBe(6.25);
    // Put things back for the tests below: default payouts only.
    await t.app.inject({ method: 'PUT', url: `/v1/offers/${cpa.offerId}/payouts`, headers: bearer(staff), payload: { affiliates: [], tiers: [] } });
    expect(await mine(alice)).toBe(5);
  });
});

describe('tracking links and clicks', () => {
  it('gives the same link for the same request and carries sub IDs', async () => {
    const a = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'spring', sub2: 'banner-a' });
    const b = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'spring', sub2: 'banner-a' });
    expect(a.code).toBe(b.code);
    expect(a.url).toBe(`http://portal.test/t/${a.code}?sub1=spring&sub2=banner-a`);
    const other = await trackingLink(t.app, bob, cpa.offerId);
    expect(other.code).not.toBe(a.code);
  });

  it('refuses parts that do not belong together', async () => {
    const wrongLp = await t.app.inject({ method: 'POST', url: `/v1/offers/${cpa.offerId}/tracking-link`, headers: bearer(alice), payload: { landing_page_id: rev.landingPageId } });
    expect(wrongLp.statusCode).toBe(422);
    const offSite = await t.app.inject({ method: 'POST', url: `/v1/offers/${cpa.offerId}/tracking-link`, headers: bearer(alice), payload: { deep_url: 'https://elsewhere.example/page' } });
    expect(offSite.json().errors.deep_url).toBeDefined();
    const deep = await trackingLink(t.app, alice, cpa.offerId, { deep_url: 'https://novavr.example/scenes/42' });
    const visit = await click(t.app, deep.url, { ip: '81.2.69.200' });
    expect(visit.location?.href).toMatch(/^https:\/\/novavr\.example\/scenes\/42\?cid=/);
  });

  it('redirects with the click id in place of {cid} and records the click once, unique for 24 hours', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'u1' });
    const first = await click(t.app, link.url, { ip: '81.2.69.160', ua: DESKTOP_UA });
    expect(first.status).toBe(302);
    expect(first.location?.origin + first.location!.pathname).toBe('https://novavr.example/tour');
    expect(first.cid).toMatch(/^[0-9a-z]{9}/);
    const second = await click(t.app, link.url, { ip: '81.2.69.160', ua: DESKTOP_UA });
    const [r1] = await t.app.db.select().from(clicks).where(eq(clicks.cid, first.cid!));
    const [r2] = await t.app.db.select().from(clicks).where(eq(clicks.cid, second.cid!));
    expect(r1).toMatchObject({ affiliateId: aliceId, offerId: cpa.offerId, siteId: cpa.siteId, sub1: 'u1', isUnique: true, country: 'GB', device: 'desktop', isBot: false });
    expect(r2?.isUnique).toBe(false);
    expect(r1!.visitorHash).not.toContain('81.2.69.160');
    const otherVisitor = await click(t.app, link.url, { ip: '81.2.69.161', ua: IPHONE_UA });
    const [r3] = await t.app.db.select().from(clicks).where(eq(clicks.cid, otherVisitor.cid!));
    expect(r3).toMatchObject({ isUnique: true, device: 'mobile' });
  });

  it('counts bots, HEAD requests and prefetchers but never as unique', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'bots' });
    const bot = await click(t.app, link.url, { ip: '81.2.70.1', ua: BOT_UA });
    const head = await t.app.inject({ method: 'HEAD', url: new URL(link.url).pathname + new URL(link.url).search, headers: { 'user-agent': DESKTOP_UA }, remoteAddress: '81.2.70.2' });
    const prefetch = await click(t.app, link.url, { ip: '81.2.70.3', headers: { 'sec-purpose': 'prefetch' } });
    expect(bot.status).toBe(302);
    expect(head.statusCode).toBe(302);
    expect(prefetch.status).toBe(302);
    const rows = await t.app.db.select().from(clicks).where(and(eq(clicks.sub1, 'bots')));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => !r.isUnique && r.isBot)).toBe(true);
    // The same visitor's real click afterwards is still their first unique one.
    const real = await click(t.app, link.url, { ip: '81.2.70.3' });
    const [r] = await t.app.db.select().from(clicks).where(eq(clicks.cid, real.cid!));
    expect(r?.isUnique).toBe(true);
  });

  it('classes VR headset browsers as vr', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'vr' });
    const visit = await click(t.app, link.url, { ip: '81.2.71.1', ua: QUEST_UA });
    const [r] = await t.app.db.select().from(clicks).where(eq(clicks.cid, visit.cid!));
    expect(r?.device).toBe('vr');
  });

  it('answers an unknown code with a page a person understands', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/t/doesnotexist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('This tracking link does not exist or is no longer active.');
    expect((await t.app.inject({ method: 'GET', url: '/t/%3Cscript%3E' })).statusCode).toBe(404);
  });

  it('answers many concurrent clicks, each committed once', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'burst' });
    const before = t.app.clickWriter.stats.batches;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => click(t.app, link.url, { ip: `81.2.72.${i % 250}` })));
    expect(results.every((r) => r.status === 302)).toBe(true);
    const rows = await t.app.db.select().from(clicks).where(eq(clicks.sub1, 'burst'));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.cid)).size).toBe(200);
    // Group commit: far fewer transactions than clicks.
    expect(t.app.clickWriter.stats.batches - before).toBeLessThan(200);
  });
});

describe('conversions and earnings', () => {
  it('pays a cpa signup once, however often it is reported', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'conv' });
    const visit = await click(t.app, link.url, { ip: '81.2.73.1' });
    const res = await convert(t.app, cpa.apiKey, { cid: visit.cid, type: 'signup', transaction_id: 'T-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: 5 });
    const again = await convert(t.app, cpa.apiKey, { cid: visit.cid, type: 'signup', transaction_id: 'T-1' });
    expect(again.json().data.status).toBe('duplicate');
    const ledger = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.cid, visit.cid!));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ affiliateId: aliceId, amountCents: 500, kind: 'earning', payoutType: 'cpa' });
    // A sale on a signup-goal cpa offer earns nothing more.
    const sale = await convert(t.app, cpa.apiKey, { cid: visit.cid, type: 'sale', amount: 29.99, transaction_id: 'T-2' });
    expect(sale.json().data.earning).toBe(0);
  });

  it('pays revshare on sales and rebills to the cent and reverses a refund and a chargeback', async () => {
    const link = await trackingLink(t.app, bob, rev.offerId);
    const visit = await click(t.app, link.url, { ip: '81.2.73.2' });
    expect(visit.location?.searchParams.get('cid')).toBe(visit.cid);
    const sale = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'sale', amount: '39.99', transaction_id: 'S-1' });
    // 25% of 39.99 = 9.9975, rounded half up to 10.00.
    expect(sale.json().data.earning).toBe(10);
    const rebill = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'rebill', amount: 19.95, transaction_id: 'R-1' });
    expect(rebill.json().data.earning).toBe(4.99);
    const refund = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'refund', amount: 19.95, transaction_id: 'RF-1', original_transaction_id: 'R-1' });
    expect(refund.json().data.earning).toBe(-4.99);
    const chargeback = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'chargeback', amount: 39.99, transaction_id: 'CB-1', original_transaction_id: 'S-1' });
    expect(chargeback.json().data.earning).toBe(-10);
    // Nothing left to reverse: a second chargeback takes nothing.
    const twice = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'chargeback', amount: 39.99, transaction_id: 'CB-2', original_transaction_id: 'S-1' });
    expect(twice.json().data.earning).toBe(0);
    const ledger = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.cid, visit.cid!));
    expect(ledger.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect(ledger.filter((e) => e.kind === 'reversal').every((e) => e.reversesId !== null)).toBe(true);
  });

  it('records a burst of reports at once: each transaction once, duplicates answered with its id', async () => {
    const link = await trackingLink(t.app, bob, rev.offerId, { sub1: 'burst-conv' });
    const visits = await Promise.all(Array.from({ length: 30 }, (_, i) => click(t.app, link.url, { ip: `81.2.74.${i + 1}` })));
    const before = t.app.conversionWriter.stats.batches;
    // Every sale reported twice at the same moment, and two reports with unknown clicks.
    const reports = [
      ...visits.flatMap((v, i) => {
        const body = { cid: v.cid, type: 'sale', amount: 10 + i, transaction_id: `BURST-${i}` };
        return [body, body];
      }),
      { cid: '0000000000unknown000', type: 'sale', amount: 5, transaction_id: 'BURST-ORPHAN-1' },
      { type: 'signup', transaction_id: 'BURST-ORPHAN-2' },
    ];
    const answers = (await Promise.all(reports.map((r) => convert(t.app, rev.apiKey, r)))).map((r) => r.json().data);
    expect(t.app.conversionWriter.stats.batches - before).toBeLessThan(reports.length);
    for (let i = 0; i < 30; i++) {
      const [a, b] = [answers[2 * i], answers[2 * i + 1]];
      expect([a.status, b.status].sort()).toEqual(['accepted', 'duplicate']);
      expect(a.conversion_id).toBe(b.conversion_id);
      // 25% of (10 + i) dollars.
      expect((a.status === 'accepted' ? a : b).earning).toBe((10 + i) / 4);
    }
    expect(answers.slice(60).map((a) => a.status)).toEqual(['orphaned', 'orphaned']);
    const rows = await t.app.db.select().from(conversions).where(eq(conversions.affiliateId, bobId));
    const burst = rows.filter((r) => r.transactionId.startsWith('BURST-'));
    expect(burst).toHaveLength(30);
    const ledger = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.affiliateId, bobId));
    const paid = ledger.filter((e) => burst.some((c) => c.id === e.conversionId));
    expect(paid).toHaveLength(30);
    expect(paid.reduce((s, e) => s + e.amountCents, 0)).toBe(Array.from({ length: 30 }, (_, i) => (10 + i) * 25).reduce((a, b) => a + b, 0));
    // The rollup counts each sale once, with its earning and revenue (and each click, once its journal is merged).
    await t.app.clickWriter.drain();
    const stats = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&sub1=burst-conv`, headers: bearer(bob) });
    const day = stats.json().data[0];
    expect(day).toMatchObject({ clicks: 30, conversions: 30, sales: 30 });
    expect(day.earnings).toBe(Array.from({ length: 30 }, (_, i) => (10 + i) / 4).reduce((a, b) => a + b, 0));
  });

  it('uses a custom payout to the cent', async () => {
    await t.app.inject({ method: 'PUT', url: `/v1/offers/${rev.offerId}/payouts`, headers: bearer(staff), payload: { affiliates: [{ affiliate_id: bobId, amount: 33.33 }] } });
    const link = await trackingLink(t.app, bob, rev.offerId);
    const visit = await click(t.app, link.url, { ip: '81.2.73.3' });
    const sale = await convert(t.app, rev.apiKey, { cid: visit.cid, type: 'sale', amount: 100, transaction_id: 'S-CUSTOM' });
    expect(sale.json().data.earning).toBe(33.33);
    await t.app.inject({ method: 'PUT', url: `/v1/offers/${rev.offerId}/payouts`, headers: bearer(staff), payload: { affiliates: [] } });
  });

  it('stores an unknown click as orphaned with the reason, and refuses a wrong key', async () => {
    const res = await convert(t.app, cpa.apiKey, { cid: 'zzzzzzzzzunknownclick', type: 'sale', amount: 10, transaction_id: 'O-1' });
    expect(res.json().data).toMatchObject({ status: 'orphaned', earning: null, reason: 'No click has this click id.' });
    const [row] = await t.app.db.select().from(conversions).where(eq(conversions.transactionId, 'O-1'));
    expect(row).toMatchObject({ status: 'orphaned', affiliateId: null });
    const wrongSite = await convert(t.app, rev.apiKey, { cid: (await click(t.app, (await trackingLink(t.app, alice, cpa.offerId)).url, { ip: '81.2.73.9' })).cid, type: 'signup', transaction_id: 'O-2' });
    expect(wrongSite.json().data.reason).toBe('The click belongs to another site.');
    expect((await convert(t.app, 'sk_wrong', { cid: 'x', type: 'sale', transaction_id: 'O-3' })).statusCode).toBe(401);
    const bad = await convert(t.app, cpa.apiKey, { type: 'purchase', transaction_id: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['transaction_id', 'type']);
  });

  it('accepts a GET with the key in the query and a form post', async () => {
    const link = await trackingLink(t.app, alice, cpa.offerId, { sub1: 'get' });
    const visit = await click(t.app, link.url, { ip: '81.2.73.4' });
    const res = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${cpa.apiKey}&cid=${visit.cid}&type=signup&transaction_id=G-1` });
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: 5 });
    const visit2 = await click(t.app, link.url, { ip: '81.2.73.5' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/conversions',
      headers: { authorization: `Bearer ${cpa.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `cid=${visit2.cid}&type=signup&transaction_id=F-1`,
    });
    expect(form.json().data.status).toBe('accepted');
  });

  it('stops accepting the old key once rotated', async () => {
    const site = await createCatalogue(t.app, staff, { name: 'immersa', payoutType: 'cpa', payout: 3 });
    const rotated = await t.app.inject({ method: 'POST', url: `/v1/sites/${site.siteId}/rotate-key`, headers: bearer(staff) });
    const newKey = rotated.json().data.api_key;
    expect(newKey).not.toBe(site.apiKey);
    expect((await convert(t.app, site.apiKey, { cid: 'x', type: 'sale', transaction_id: 'K-1' })).statusCode).toBe(401);
    expect((await convert(t.app, newKey, { cid: 'x', type: 'sale', transaction_id: 'K-1' })).statusCode).toBe(200);
  });
});

describe('statistics', () => {
  it('reports each day from the rollup, with totals, ratio and EPC; a click shows within a second', async () => {
    const link = await trackingLink(t.app, bob, cpa.offerId, { sub1: 'stats' });
    const before = (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&sub1=stats`, headers: bearer(bob) })).json();
    expect(before.data[0].clicks).toBe(0);
    const visit = await click(t.app, link.url, { ip: '81.2.74.1' });
    await click(t.app, link.url, { ip: '81.2.74.1' });
    await convert(t.app, cpa.apiKey, { cid: visit.cid, type: 'signup', transaction_id: 'ST-1' });
    const report = () => t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&sub1=stats`, headers: bearer(bob) });
    // Clicks reach the rollup through the journal, merged every 200 ms.
    await expect.poll(async () => (await report()).json().data[0].clicks, { timeout: 1000, interval: 50 }).toBe(2);
    const res = await report();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      // The same visitor's second click on the link at once is a repeat (docs/fraud-clicks.md): counted, invalid, not unique.
      { date: today(), clicks: 2, unique_clicks: 1, valid_clicks: 1, invalid_clicks: 1, invalid_by_reason: { bot: 0, datacenter: 0, repeat: 1, burst: 0 }, conversions: 1, signups: 1, sales: 0, rebills: 0, refunds: 0, chargebacks: 0, earnings: 5, ratio: 100, epc: 2.5 },
    ]);
  });

  it('fills every day of the range and groups by offer, country and device', async () => {
    const from = '2026-01-01';
    const res = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${from}&to=2026-01-31`, headers: bearer(alice) });
    expect(res.json().data).toHaveLength(31);
    const byOffer = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&group_by=offer`, headers: bearer(alice) });
    const rows = byOffer.json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].label).toBe('novavr cpa');
    const byDevice = (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&group_by=device`, headers: bearer(alice) })).json().data;
    expect(byDevice.map((r: { key: string }) => r.key).sort()).toEqual(expect.arrayContaining(['desktop', 'vr']));
    const bad = await t.app.inject({ method: 'GET', url: '/v1/statistics/daily?from=2026-02-01&to=2026-01-01', headers: bearer(alice) });
    expect(bad.statusCode).toBe(422);
    // Both date fields carry SPEC.md section 5's message, which the screen shows on them.
    expect(bad.json().errors).toEqual({ from: [validationMessages.invalid], to: [validationMessages.invalid] });
  });

  it("never shows one affiliate another's numbers; staff may choose", async () => {
    const q = `/v1/statistics/daily?from=${today()}&to=${today()}`;
    const aliceOwn = (await t.app.inject({ method: 'GET', url: q, headers: bearer(alice) })).json().meta.totals;
    const aliceAsksForBob = (await t.app.inject({ method: 'GET', url: `${q}&affiliate_id=${bobId}`, headers: bearer(alice) })).json().meta.totals;
    expect(aliceAsksForBob).toEqual(aliceOwn);
    const staffBob = (await t.app.inject({ method: 'GET', url: `${q}&affiliate_id=${bobId}`, headers: bearer(staff) })).json().meta.totals;
    const bobOwn = (await t.app.inject({ method: 'GET', url: q, headers: bearer(bob) })).json().meta.totals;
    // Staff see the same, with the network's revenue, cost and margin, which the affiliate's reply never carries.
    expect(staffBob).toEqual({ ...bobOwn, revenue: expect.any(Number), cost: expect.any(Number), margin: expect.any(Number) });
    expect(Object.keys(bobOwn)).not.toContain('revenue');
    expect(bobOwn.clicks).not.toBe(aliceOwn.clicks);
    const network = (await t.app.inject({ method: 'GET', url: q, headers: bearer(staff) })).json().meta.totals;
    expect(network.clicks).toBe(aliceOwn.clicks + bobOwn.clicks);
  });
});
