import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, aliceId: number;
let vr: Catalogue, other: Catalogue;

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, catalogues: { vr, other } } = await appWithCatalogues(mail, ['offers', 'affiliates'], {
    vr: { name: 'vrplanet', payoutType: 'cpa', payout: 20, goal: 'sale' },
    other: { name: 'domeland', payoutType: 'revshare', payout: 30 },
  }));
});
afterAll(() => closeAppWithMail(t, mail));

const api = (who: Tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
const offerBody = (over: object = {}) => ({ site_id: vr.siteId, name: 'vrplanet cpa', payout_type: 'cpa', goal: 'sale', default_payout: 20, landing_page_id: vr.landingPageId, ...over });

describe('one offer', () => {
  it('shows staff the custom payouts and each affiliate only their own payout', async () => {
    const set = await api(staff, 'PUT', `/v1/offers/${vr.offerId}/payouts`, { affiliates: [{ affiliate_id: aliceId, amount: 25.5 }], tiers: [] });
    expect(set.statusCode).toBe(200);

    const asStaff = (await api(staff, 'GET', `/v1/offers/${vr.offerId}`)).json().data;
    expect(asStaff.custom_payouts).toEqual([{ affiliate: expect.objectContaining({ id: aliceId }), tier: null, amount: 25.5 }]);
    expect(asStaff.your_payout).toBeUndefined();

    const asAlice = await api(alice, 'GET', `/v1/offers/${vr.offerId}`);
    expect(asAlice.statusCode).toBe(200);
    expect(asAlice.json().data).toMatchObject({ id: vr.offerId, default_payout: 20, your_payout: 25.5 });
    expect(asAlice.json().data.custom_payouts).toBeUndefined();
    expect(asAlice.body).not.toContain('custom_payouts');

    const asBob = (await api(bob, 'GET', `/v1/offers/${vr.offerId}`)).json().data;
    expect(asBob).toMatchObject({ default_payout: 20, your_payout: 20 });
    expect(asBob.custom_payouts).toBeUndefined();

    expect((await api(staff, 'GET', '/v1/offers/999999')).statusCode).toBe(404);
    await api(staff, 'PUT', `/v1/offers/${vr.offerId}/payouts`, { affiliates: [], tiers: [] });
  });

  it('is updated by staff; a landing page of another site is refused', async () => {
    const res = await api(staff, 'PUT', `/v1/offers/${vr.offerId}`, offerBody({ name: 'VR Planet premium', default_payout: 22.75 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'VR Planet premium', default_payout: 22.75 });
    expect((await api(alice, 'GET', `/v1/offers/${vr.offerId}`)).json().data).toMatchObject({ name: 'VR Planet premium', your_payout: 22.75 });

    const foreign = await api(staff, 'PUT', `/v1/offers/${vr.offerId}`, offerBody({ landing_page_id: other.landingPageId }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.landing_page_id).toEqual(['This landing page does not belong to the site.']);
    expect((await api(staff, 'PUT', '/v1/offers/999999', offerBody())).statusCode).toBe(404);
    expect((await api(staff, 'GET', `/v1/offers/${vr.offerId}`)).json().data.name).toBe('VR Planet premium');
  });

  it('once archived, is hidden from affiliates and its link stops counting; restored, affiliates see it again', async () => {
    const link = await trackingLink(t.app, alice, vr.offerId);
    const archived = await api(staff, 'POST', `/v1/offers/${vr.offerId}/archive`, {});
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.status).toBe('archived');

    expect((await api(alice, 'GET', `/v1/offers/${vr.offerId}`)).statusCode).toBe(404);
    const listed = (await api(alice, 'GET', '/v1/offers')).json().data.map((o: { id: number }) => o.id);
    expect(listed).not.toContain(vr.offerId);
    expect(listed).toContain(other.offerId);
    expect((await api(staff, 'GET', '/v1/offers?status=archived')).json().data.map((o: { id: number }) => o.id)).toEqual([vr.offerId]);
    expect((await click(t.app, link.url)).cid).toBeNull();

    const restored = await api(staff, 'POST', `/v1/offers/${vr.offerId}/archive`, { archived: false });
    expect(restored.json().data.status).toBe('active');
    expect((await api(alice, 'GET', `/v1/offers/${vr.offerId}`)).statusCode).toBe(200);
    expect((await api(staff, 'POST', '/v1/offers/999999/archive', {})).statusCode).toBe(404);
  });
});

describe('landing pages', () => {
  it('are listed for anyone with offers, by site', async () => {
    const all = (await api(alice, 'GET', '/v1/landing-pages')).json().data.map((lp: { id: number }) => lp.id);
    expect(all).toEqual(expect.arrayContaining([vr.landingPageId, other.landingPageId]));
    const ofSite = (await api(alice, 'GET', `/v1/landing-pages?site_id=${other.siteId}`)).json().data;
    expect(ofSite.map((lp: { id: number; site_id: number }) => [lp.id, lp.site_id])).toEqual([[other.landingPageId, other.siteId]]);
  });

  it('are updated by staff', async () => {
    const res = await api(staff, 'PUT', `/v1/landing-pages/${other.landingPageId}`, { site_id: other.siteId, name: 'Winter tour', url: 'https://domeland.example/winter?ref={cid}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: other.landingPageId, name: 'Winter tour', url: 'https://domeland.example/winter?ref={cid}' });
    const listed = (await api(alice, 'GET', `/v1/landing-pages?site_id=${other.siteId}`)).json().data;
    expect(listed[0]).toMatchObject({ name: 'Winter tour' });
    expect((await api(staff, 'PUT', '/v1/landing-pages/999999', { site_id: other.siteId, name: 'x', url: 'https://x.example' })).statusCode).toBe(404);
  });

  it('stay with their site while an offer sends clicks to them, on the offers route as on the creatives one', async () => {
    const moved = await api(staff, 'PUT', `/v1/landing-pages/${vr.landingPageId}`, { site_id: other.siteId, name: 'Moved tour', url: 'https://domeland.example/moved' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.site_id).toEqual(['An offer uses this landing page: it stays with its site.']);
    const listed = (await api(alice, 'GET', `/v1/landing-pages?site_id=${vr.siteId}`)).json().data;
    expect(listed.find((lp: { id: number }) => lp.id === vr.landingPageId)).toMatchObject({ site_id: vr.siteId, name: 'Main tour' });
  });
});

describe('sites', () => {
  it('are updated by staff; a name taken by another site is refused', async () => {
    const res = await api(staff, 'PUT', `/v1/sites/${other.siteId}`, { name: 'domeland', display_name: 'Dome Land VR', url: 'https://domeland.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: other.siteId, display_name: 'Dome Land VR' });
    expect((await api(alice, 'GET', '/v1/sites')).json().data.find((s: { id: number }) => s.id === other.siteId).display_name).toBe('Dome Land VR');

    const clash = await api(staff, 'PUT', `/v1/sites/${other.siteId}`, { name: 'vrplanet', display_name: 'Clash', url: 'https://domeland.example' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error_code).toBe('unique');
    expect((await api(staff, 'PUT', '/v1/sites/999999', { name: 'nowhere', display_name: 'N', url: 'https://n.example' })).statusCode).toBe(404);
  });

  it('get a new API key on rotation; the old one stops working at once', async () => {
    const link = await trackingLink(t.app, alice, other.offerId);
    const { cid } = await click(t.app, link.url);
    const res = await api(staff, 'POST', `/v1/sites/${other.siteId}/rotate-key`);
    expect(res.statusCode).toBe(200);
    const newKey = res.json().data.api_key as string;
    expect(newKey).toMatch(/^sk_/);
    expect(newKey).not.toBe(other.apiKey);
    expect(res.json().data.api_key_prefix).toBe(newKey.slice(0, 10));

    const old = await convert(t.app, other.apiKey, { cid, type: 'sale', amount: '10.00', transaction_id: 'after-rotation-1' });
    expect(old.statusCode).toBe(401);
    const fresh = await convert(t.app, newKey, { cid, type: 'sale', amount: '10.00', transaction_id: 'after-rotation-1' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ status: 'accepted', earning: 3 });
    expect((await api(staff, 'POST', '/v1/sites/999999/rotate-key')).statusCode).toBe(404);
  });
});
