import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/rows.ts';
import { ClickCapCounter, FULL_CAPS_REFRESH_MS, FullCaps, reopensAt } from '../src/modules/caps/index.ts';
import type { ClickCap } from '../src/modules/links/index.ts';
import { createInstances, type TestApp, type TestInstances } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * Click caps (issue 27): counted in the redirect, a capped offer's clicks go to the fallback. One
 * instance never overshoots; several overshoot by at most what the others answer between two
 * syncs of the shared counter, within one link cache lifetime (docs/caps.md).
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens;
let offer: Catalogue, sales: Catalogue, earnings: Catalogue, bound: Catalogue;
let seq = 0;
let ip = 0;

beforeAll(async () => {
  ({ t, staff, alice, catalogues: { offer, sales, earnings, bound } } = await appWithCatalogues(mail, ['offers'], {
    offer: { name: 'clickcapvr', payoutType: 'cpa', payout: 3, goal: 'sale' },
    sales: { name: 'salecapvr', payoutType: 'cpa', payout: 3, goal: 'sale' },
    earnings: { name: 'earncapvr', payoutType: 'cpa', payout: 10, goal: 'sale' },
    bound: { name: 'boundcapvr', payoutType: 'cpa', payout: 3, goal: 'sale' },
  }));
}, 240_000);
afterAll(() => closeAppWithMail(t, mail));

const addCap = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/v1/offers/${offer.offerId}/caps`, headers: bearer(staff), payload: body });

describe('a hard click cap', () => {
  it('sends exactly the limit of clicks sent at once to the offer and the rest to the fallback, with the reason', async () => {
    const cap = (await addCap({ metric: 'clicks', period: 'day', limit: 5 })).json().data;
    await t.app.inject({
      method: 'PUT',
      url: `/v1/offers/${offer.offerId}`,
      headers: bearer(staff),
      payload: { site_id: offer.siteId, name: 'clickcapvr cpa', payout_type: 'cpa', goal: 'sale', default_payout: 3, landing_page_id: offer.landingPageId, fallback_url: 'https://elsewhere.example/' },
    });
    const link = await trackingLink(t.app, alice, offer.offerId);
    const visits = await Promise.all(Array.from({ length: 12 }, () => click(t.app, link.url, { ip: `10.55.0.${++ip}` })));
    expect(visits.filter((v) => v.location?.origin === 'https://clickcapvr.example' && v.cid)).toHaveLength(5);
    expect(visits.filter((v) => String(v.location) === 'https://elsewhere.example/' && !v.cid)).toHaveLength(7);
    const reasons = await rows<{ reason: string | null; n: string }>(t.app.db, sql`select fallback_reason as reason, count(*)::text as n from clicks where offer_id = ${offer.offerId} group by 1 order by 1`);
    expect(reasons).toEqual([
      { reason: 'offer_capped', n: '7' },
      { reason: null, n: '5' },
    ]);

    await t.app.clickCaps.sync();
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/offers/${offer.offerId}/caps`, headers: bearer(staff) })).json().data;
    expect(listed.find((c: { id: number }) => c.id === cap.id).used).toBe(5);
    const mine = (await t.app.inject({ method: 'GET', url: `/v1/offers/${offer.offerId}`, headers: bearer(alice) })).json().data;
    expect(mine.capped).toMatchObject({ metric: 'clicks', period: 'day' });

    // Deleting the cap reopens the offer at once on this instance.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.id}`, headers: bearer(staff) })).statusCode).toBe(200);
    const after = await click(t.app, link.url, { ip: `10.55.0.${++ip}` });
    expect(after.cid).toBeTruthy();
  });
});

describe('the bound across instances', () => {
  it('overshoots by at most what another instance answers before the next sync, and not at all once both have synced', async () => {
    // An offer with no clicks yet: the cap starts from 0.
    const made = (await t.app.inject({ method: 'POST', url: `/v1/offers/${bound.offerId}/caps`, headers: bearer(staff), payload: { metric: 'clicks', period: 'total', limit: 10 } })).json().data;
    const cap: ClickCap = { id: made.id, period: 'total', limit: 10, mode: 'hard', alertPercent: 90 };
    const a = new ClickCapCounter(t.app.db);
    const b = new ClickCapCounter(t.app.db);
    const now = new Date();
    const take = async (counter: ClickCapCounter, n: number) => {
      let allowed = 0;
      for (let i = 0; i < n; i++) if (await counter.take([cap], now)) allowed++;
      return allowed;
    };
    // Each instance alone stops at the limit.
    expect(await take(a, 15)).toBe(10);
    // B read the counter before A synced its clicks: it answers up to the limit too (the overshoot)...
    const overshoot = await take(b, 15);
    expect(overshoot).toBeLessThanOrEqual(10);
    // ...and once both have synced, neither lets one more through.
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await take(a, 5)).toBe(0);
    expect(await take(b, 5)).toBe(0);
    const [used] = await rows<{ used: string }>(t.app.db, sql`select used::text from cap_counters where cap_id = ${cap.id}`);
    expect(Number(used!.used)).toBe(10 + overshoot);

    // A third instance starting after the syncs reads the full counter first: it lets none through.
    expect(await take(new ClickCapCounter(t.app.db), 3)).toBe(0);
  });
});

const sale = (app: TestApp['app'], apiKey: string, cid: string) => convert(app, apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: `FULL-${++seq}` });
const toFallback = (v: Awaited<ReturnType<typeof click>>) => v.cid === null && String(v.location) === 'https://salecapvr.example/';

describe('a full hard cap on conversions or payout', () => {
  it('sends the offer\'s clicks to the fallback as offer_capped until the cap is deleted', async () => {
    const cap = (await t.app.inject({ method: 'POST', url: `/v1/offers/${sales.offerId}/caps`, headers: bearer(staff), payload: { metric: 'conversions', period: 'day', limit: 2 } })).json().data;
    const link = await trackingLink(t.app, alice, sales.offerId);
    const first = await click(t.app, link.url, { ip: `10.56.0.${++ip}` });
    expect((await sale(t.app, sales.apiKey, first.cid!)).json().data.status).toBe('accepted');
    // One sale of two: the offer still takes clicks.
    expect((await click(t.app, link.url, { ip: `10.56.0.${++ip}` })).cid).toBeTruthy();
    expect((await sale(t.app, sales.apiKey, first.cid!)).json().data.status).toBe('accepted');
    // Full: within a second every click goes to the site (its fallback), carrying no click id.
    await new Promise((r) => setTimeout(r, FULL_CAPS_REFRESH_MS + 200));
    const visits = await Promise.all(Array.from({ length: 4 }, () => click(t.app, link.url, { ip: `10.56.0.${++ip}` })));
    expect(visits.every(toFallback)).toBe(true);
    const [capped] = await rows<{ n: string }>(t.app.db, sql`select count(*)::text as n from clicks where offer_id = ${sales.offerId} and fallback_reason = 'offer_capped'`);
    expect(capped!.n).toBe('4');
    const mine = (await t.app.inject({ method: 'GET', url: `/v1/offers/${sales.offerId}`, headers: bearer(alice) })).json().data;
    expect(mine.capped).toMatchObject({ metric: 'conversions', period: 'day' });

    // Deleting the cap reopens the offer at once on this instance.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.id}`, headers: bearer(staff) })).statusCode).toBe(200);
    expect((await click(t.app, link.url, { ip: `10.56.0.${++ip}` })).cid).toBeTruthy();
  });

  it('closes on a payout cap with less room than an earning once it refused one, and reopens with the next period', async () => {
    // $25 at $10 a sale: two paid, the third refused with $5 of room left.
    await t.app.inject({ method: 'POST', url: `/v1/offers/${earnings.offerId}/caps`, headers: bearer(staff), payload: { metric: 'payout', period: 'day', limit: '25' } });
    const link = await trackingLink(t.app, alice, earnings.offerId);
    const cid = (await click(t.app, link.url, { ip: `10.56.1.${++ip}` })).cid!;
    expect([await sale(t.app, earnings.apiKey, cid), await sale(t.app, earnings.apiKey, cid)].map((r) => r.json().data.status)).toEqual(['accepted', 'accepted']);
    expect((await click(t.app, link.url, { ip: `10.56.1.${++ip}` })).cid).toBeTruthy();
    expect((await sale(t.app, earnings.apiKey, cid)).json().data.status).toBe('rejected');
    await t.app.fullCaps.refresh();
    const after = await click(t.app, link.url, { ip: `10.56.1.${++ip}` });
    expect(after.cid).toBeNull();
    expect(String(after.location)).toBe('https://earncapvr.example/');

    // The period's end reopens it, even before the next read.
    const reopens = reopensAt('day', new Date())!.getTime();
    const aliceId = (await rows<{ id: number }>(t.app.db, sql`select affiliate_id as id from tracking_links where code = ${link.code}`))[0]!.id;
    expect(t.app.fullCaps.closes(earnings.offerId, aliceId, reopens - 1)).toBe(true);
    expect(t.app.fullCaps.closes(earnings.offerId, aliceId, reopens)).toBe(false);
    // An instance started now reads it closed as well.
    const later = new FullCaps(t.app.db);
    await later.refresh();
    expect(later.closes(earnings.offerId, aliceId, Date.now())).toBe(true);
  });
});

describe('a cap filled on one instance', () => {
  let c: TestInstances;
  const mail2 = new MailCatcher();
  beforeAll(async () => {
    c = await createInstances(2, { SMTP_URL: await mail2.start() });
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await mail2.stop();
  });

  it(`closes the offer's links on every instance within ${FULL_CAPS_REFRESH_MS / 1000} second, even one that knew the link`, { timeout: 120_000 }, async () => {
    const [a, b] = c.apps as [TestInstances['apps'][number], TestInstances['apps'][number]];
    const staffUser = await createStaff(a, ['offers']);
    const boss = await signIn(a, mail2, staffUser.email, staffUser.password);
    const shop = await createCatalogue(a, boss, { name: 'twocapvr', payoutType: 'cpa', payout: 4 });
    const affiliate = await createAffiliate(a);
    const link = await trackingLink(a, await signIn(a, mail2, affiliate.email, affiliate.password), shop.offerId);
    expect((await b.inject({ method: 'POST', url: `/v1/offers/${shop.offerId}/caps`, headers: bearer(boss), payload: { metric: 'conversions', period: 'week', limit: 1 } })).statusCode).toBe(201);
    // Both instances have read the link and send its clicks to the offer.
    const cid = (await click(a, link.url, { ip: '10.57.0.1' })).cid!;
    expect((await click(b, link.url, { ip: '10.57.0.2' })).cid).toBeTruthy();

    // The sale that fills the cap is taken by A.
    expect((await sale(a, shop.apiKey, cid)).json().data.status).toBe('accepted');
    const filled = Date.now();
    const closedOn = async (app: TestInstances['apps'][number], n: number) => {
      while (Date.now() - filled < FULL_CAPS_REFRESH_MS * 5) {
        if ((await click(app, link.url, { ip: `10.57.1.${n}` })).cid === null) return Date.now() - filled;
        await new Promise((r) => setTimeout(r, 50));
      }
      return Infinity;
    };
    const [onA, onB] = await Promise.all([closedOn(a, 1), closedOn(b, 2)]);
    // Within the refresh (a second), and a little for a busy machine's timers and requests.
    expect(onA).toBeLessThanOrEqual(FULL_CAPS_REFRESH_MS + 500);
    expect(onB).toBeLessThanOrEqual(FULL_CAPS_REFRESH_MS + 500);
    const [capped] = await rows<{ n: string }>(a.db, sql`select count(*)::text as n from clicks where offer_id = ${shop.offerId} and fallback_reason = 'offer_capped'`);
    expect(Number(capped!.n)).toBeGreaterThanOrEqual(2);
  });
});
