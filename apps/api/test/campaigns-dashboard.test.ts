import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithStaffAliceAndBob, closeAppWithMail } from './support/people.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens;
let cat: Awaited<ReturnType<typeof createCatalogue>>;
let deLandingPageId: number;

beforeAll(async () => {
  ({ t, staff, alice, bob } = await appWithStaffAliceAndBob(mail, ['offers', 'dashboard', 'statistics'], { PUBLIC_URL: 'http://portal.test', CDN_COUNTRY_HEADER: 'cf-ipcountry' }));
  cat = await createCatalogue(t.app, staff, { name: 'novavr', payoutType: 'cpa', payout: 12.5, goal: 'sale' });
  const de = await t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(staff), payload: { site_id: cat.siteId, name: 'German tour', url: 'https://novavr.example/de/tour', language: 'de' } });
  deLandingPageId = de.json().data.id;
});
afterAll(() => closeAppWithMail(t, mail));

const createCampaign = (who: Tokens, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/campaigns', headers: bearer(who), payload });

describe('campaigns', () => {
  let campaignId = 0;
  let trackingUrl = '';

  it('creates a campaign with its own tracking link and per-country destinations', async () => {
    const res = await createCampaign(alice, {
      name: 'Spring push',
      offer_id: cat.offerId,
      destination_type: 'url',
      destination_url: 'https://novavr.example/spring',
      geo_targeting: [
        { country: 'DE', destination_type: 'landing_page', landing_page_id: deLandingPageId },
        { country: 'FR', destination_type: 'url', url: 'https://novavr.example/fr' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({ name: 'Spring push', destination_type: 'url', destination: 'https://novavr.example/spring', payout_type: 'cpa', all_time_earnings: 0 });
    expect(c.site.display_name).toBe('NOVAVR');
    expect(c.tracking_url).toMatch(/^http:\/\/portal\.test\/t\//);
    campaignId = c.id;
    trackingUrl = c.tracking_url;
  });

  it('sends each country to its destination and everyone else to the default', async () => {
    const de = await click(t.app, trackingUrl, { ip: '81.2.80.1', headers: { 'cf-ipcountry': 'DE' } });
    expect(de.location?.origin + de.location!.pathname).toBe('https://novavr.example/de/tour');
    const fr = await click(t.app, trackingUrl, { ip: '81.2.80.2', headers: { 'cf-ipcountry': 'FR' } });
    expect(fr.location?.pathname).toBe('/fr');
    const us = await click(t.app, trackingUrl, { ip: '81.2.80.3', headers: { 'cf-ipcountry': 'US' } });
    expect(us.location?.pathname).toBe('/spring');
    // The campaign's earnings add up from its conversions.
    await convert(t.app, cat.apiKey, { cid: us.cid, type: 'sale', amount: 30, transaction_id: 'C-1' });
    const list = (await t.app.inject({ method: 'GET', url: '/v1/campaigns', headers: bearer(alice) })).json().data;
    expect(list[0].all_time_earnings).toBe(12.5);
  });

  it('validates destinations and duplicate countries', async () => {
    const off = await createCampaign(alice, { name: 'X', offer_id: cat.offerId, destination_type: 'url', destination_url: 'https://other.example/' });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.destination_url).toBeDefined();
    const dup = await createCampaign(alice, {
      name: 'X',
      offer_id: cat.offerId,
      destination_type: 'landing_page',
      landing_page_id: cat.landingPageId,
      geo_targeting: [
        { country: 'DE', destination_type: 'landing_page', landing_page_id: deLandingPageId },
        { country: 'DE', destination_type: 'landing_page', landing_page_id: cat.landingPageId },
      ],
    });
    expect(dup.json().errors.geo_targeting).toEqual(['Field must be unique']);
    const missing = await createCampaign(alice, { name: '', offer_id: cat.offerId, destination_type: 'landing_page' });
    expect(missing.json().errors).toMatchObject({ name: ['This field is required'], landing_page_id: ['This field is required'] });
  });

  it("keeps one affiliate's campaigns, links and numbers from another", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/campaigns', headers: bearer(bob) })).json().data).toEqual([]);
    const edit = await t.app.inject({ method: 'PUT', url: `/v1/campaigns/${campaignId}`, headers: bearer(bob), payload: { name: 'Mine now', offer_id: cat.offerId, destination_type: 'landing_page', landing_page_id: cat.landingPageId } });
    expect(edit.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/campaigns/${campaignId}`, headers: bearer(bob) })).statusCode).toBe(404);
    const link = await t.app.inject({ method: 'POST', url: `/v1/offers/${cat.offerId}/tracking-link`, headers: bearer(bob), payload: { campaign_id: campaignId } });
    expect(link.statusCode).toBe(422);
    const bobStats = (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${statsDay(new Date())}&to=${statsDay(new Date())}`, headers: bearer(bob) })).json();
    expect(bobStats.meta.totals.clicks).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/v1/campaigns', headers: bearer(staff) })).statusCode).toBe(403);
  });

  it('deletes a campaign; its link then leads to the site without counting', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/campaigns/${campaignId}`, headers: bearer(alice) })).statusCode).toBe(200);
    const after = await click(t.app, trackingUrl, { ip: '81.2.80.9' });
    expect(after.status).toBe(302);
    expect(after.location?.href).toBe('https://novavr.example/');
    expect(after.cid).toBeNull();
  });
});

describe('dashboard', () => {
  it('shows an affiliate their periods, balance, chart and top offers', async () => {
    const link = await trackingLink(t.app, bob, cat.offerId);
    const v = await click(t.app, link.url, { ip: '81.2.81.1' });
    await convert(t.app, cat.apiKey, { cid: v.cid, type: 'sale', amount: 50, transaction_id: 'D-1' });
    // Clicks reach the rollups through the journal, merged within a second; wait for it.
    await t.app.clickWriter.drain();
    const res = await t.app.inject({ method: 'GET', url: '/v1/dashboard', headers: bearer(bob) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.scope).toBe('affiliate');
    expect(d.periods.today).toEqual({ clicks: 1, unique_clicks: 1, conversions: 1, earnings: 12.5 });
    expect(d.periods.this_month.earnings).toBe(12.5);
    expect(d.balance).toBe(12.5);
    expect(d.chart).toHaveLength(30);
    expect(d.chart.at(-1)).toMatchObject({ date: statsDay(new Date()), clicks: 1, conversions: 1, earnings: 12.5 });
    expect(d.top_offers[0]).toMatchObject({ id: cat.offerId, earnings: 12.5 });
    expect(d.top_affiliates).toEqual([]);
  });

  it('shows staff the network with top affiliates', async () => {
    const d = (await t.app.inject({ method: 'GET', url: '/v1/dashboard', headers: bearer(staff) })).json().data;
    expect(d.scope).toBe('network');
    expect(d.balance).toBeNull();
    expect(d.periods.today.earnings).toBe(25);
    expect(d.top_affiliates).toHaveLength(2);
  });
});

describe('tiers', () => {
  it('lists tiers for staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tiers', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual(expect.objectContaining({ name: 'Standard', is_default: true }));
    expect((await t.app.inject({ method: 'GET', url: '/v1/tiers', headers: bearer(alice) })).statusCode).toBe(403);
  });
});
