import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, users } from '../src/db/schema/index.ts';
import { rows } from '../src/db/rows.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Fallback (issue 27): a click that cannot go to its offer goes to the offer's fallback URL, else
 * its site's, else the network's default, else the site's home page; it is stored with the reason,
 * carries no click id, and is not counted in the statistics.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, bobId: number;
let fb: Catalogue;
let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  ({ t, staff, alice, bob, bobId, catalogues: { fb } } = await appWithCatalogues(mail, ['offers', 'settings'], { fb: { name: 'fallbackvr', payoutType: 'cpa', payout: 10, goal: 'sale' } }));
});
afterAll(() => closeAppWithMail(t, mail));

const offerBody = (fallback: string | null) => ({ site_id: fb.siteId, name: 'fallbackvr cpa', payout_type: 'cpa', goal: 'sale', default_payout: 10, landing_page_id: fb.landingPageId, fallback_url: fallback });
const putOffer = (fallback: string | null) => t.app.inject({ method: 'PUT', url: `/v1/offers/${fb.offerId}`, headers: bearer(staff), payload: offerBody(fallback) });
const putSite = (fallback: string | null) =>
  t.app.inject({ method: 'PUT', url: `/v1/sites/${fb.siteId}`, headers: bearer(staff), payload: { name: 'fallbackvr', display_name: 'FALLBACKVR', url: 'https://fallbackvr.example', fallback_url: fallback } });
const putNetworkDefault = (url: string) => t.app.inject({ method: 'PUT', url: '/v1/settings/network-details', headers: bearer(staff), payload: { name: 'VR Affiliate Network', default_fallback_url: url } });
const archive = (archived: boolean) => t.app.inject({ method: 'POST', url: `/v1/offers/${fb.offerId}/archive`, headers: bearer(staff), payload: { archived } });
const lastClick = async () => (await rows<{ fallback_reason: string | null; is_unique: boolean; offer_id: number }>(t.app.db, sql`select fallback_reason, is_unique, offer_id from clicks order by id desc limit 1`))[0]!;

describe('a click that cannot go to its offer', () => {
  it('takes the fallback URL of the offer, else the site, else the network, else the site home page, stored with the reason', async () => {
    const link = await trackingLink(t.app, alice, fb.offerId);
    // Working: the landing page with the click id.
    const live = await click(t.app, link.url, { ip: nextIp() });
    expect(live.location?.origin).toBe('https://fallbackvr.example');
    expect(live.cid).toBeTruthy();

    expect((await putOffer('https://offer-fallback.example/more')).statusCode).toBe(200);
    expect((await putSite('site-fallback.example/deals')).statusCode).toBe(200);
    expect((await putNetworkDefault('https://network-fallback.example/')).statusCode).toBe(200);
    expect((await archive(true)).statusCode).toBe(200);

    const paused = await click(t.app, link.url, { ip: nextIp() });
    expect(paused.status).toBe(302);
    expect(String(paused.location)).toBe('https://offer-fallback.example/more');
    // No click id: nothing reported on it can earn on an offer it never reached.
    expect(paused.cid).toBeNull();
    expect(await lastClick()).toMatchObject({ fallback_reason: 'offer_inactive', is_unique: false, offer_id: fb.offerId });

    expect((await putOffer(null)).statusCode).toBe(200);
    expect(String((await click(t.app, link.url, { ip: nextIp() })).location)).toBe('https://site-fallback.example/deals');
    expect((await putSite(null)).statusCode).toBe(200);
    expect(String((await click(t.app, link.url, { ip: nextIp() })).location)).toBe('https://network-fallback.example/');
    expect((await putNetworkDefault('')).statusCode).toBe(200);
    expect(String((await click(t.app, link.url, { ip: nextIp() })).location)).toBe('https://fallbackvr.example/');
    expect((await archive(false)).statusCode).toBe(200);
  });

  it('sends an inactive affiliate\'s visitors to the fallback with that reason, counting nothing in the statistics', async () => {
    const link = await trackingLink(t.app, bob, fb.offerId);
    expect((await putOffer('https://offer-fallback.example/more')).statusCode).toBe(200);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, bobId));
    t.app.linkCache.clear();
    const visit = await click(t.app, link.url, { ip: nextIp() });
    expect(String(visit.location)).toBe('https://offer-fallback.example/more');
    expect(await lastClick()).toMatchObject({ fallback_reason: 'affiliate_inactive', is_unique: false });
    await t.app.clickWriter.drain();
    const [counted] = await rows<{ clicks: string }>(t.app.db, sql`select coalesce(sum(clicks), 0)::text as clicks from stats_daily where affiliate_id = ${bobId}`);
    expect(counted!.clicks).toBe('0');
    const stored = await t.app.db.select({ reason: clicks.fallbackReason }).from(clicks).where(eq(clicks.affiliateId, bobId));
    expect(stored.map((r) => r.reason)).toEqual(['affiliate_inactive']);
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.id, bobId));
  });

  it('is one function of the links module that reads only the cached link', async () => {
    const link = await trackingLink(t.app, alice, fb.offerId);
    const resolved = await t.app.linkCache.get(link.code);
    expect(resolved!.fallbackUrl).toBe('https://offer-fallback.example/more');
  });

  it('refuses a fallback URL that is not a web address, on offers, sites and the network default', async () => {
    for (const res of [await putOffer('not a url'), await putSite('ftp://files.example'), await putNetworkDefault('javascript:alert(1)')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty(res.json().errors.fallback_url ? 'fallback_url' : 'default_fallback_url');
    }
  });
});
