import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/rows.ts';
import { type ClickCap, ClickCapCounter } from '../src/modules/caps/index.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Click caps (issue 27): counted in the redirect, a capped offer's clicks go to the fallback. One
 * instance never overshoots; several overshoot by at most what the others answer between two
 * syncs of the shared counter, within one link cache lifetime (docs/caps.md).
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens;
let offer: Catalogue;
let ip = 0;

beforeAll(async () => {
  ({ t, staff, alice, catalogues: { offer } } = await appWithCatalogues(mail, ['offers'], { offer: { name: 'clickcapvr', payoutType: 'cpa', payout: 3, goal: 'sale' } }));
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
    const made = (await addCap({ metric: 'clicks', period: 'total', limit: 10 })).json().data;
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
