import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Input that is well formed but out of reach: days no calendar has, a year past what the server
 * can step over, a number past what a query can hold, an address longer than its column. Each is
 * a 422 on its field with a message saying the rule, never a 500.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, cat: Catalogue;

beforeAll(async () => {
  ({ t, staff, alice, catalogues: { cat } } = await appWithCatalogues(mail, ['offers', 'statistics', 'payouts', 'settings'], { cat: { name: 'shapesvr', payoutType: 'cpa', payout: 10 } }));
});
afterAll(() => closeAppWithMail(t, mail));

const get = (url: string, who: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(who) });
const DAY = 'This field must be a real day written YYYY-MM-DD, from 1970-01-01 to 2999-12-31.';

describe('days no calendar has, and days past what the server can step over', () => {
  const routes: Array<[string, 'alice' | 'staff']> = [
    ['/v1/conversion-log', 'alice'],
    ['/v1/conversion-log', 'staff'],
    ['/v1/conversion-log.csv', 'alice'],
    ['/v1/statistics/daily', 'alice'],
    ['/v1/statistics/daily', 'staff'],
    ['/v1/statistics/retention', 'alice'],
    ['/v1/biller-events', 'staff'],
    ['/v1/events', 'staff'],
  ];
  const cases: Array<[string, string]> = [
    ['from', '2026-02-30'],
    ['to', '2026-13-45'],
    ['to', '9999-12-31'],
    ['from', '0000-01-01'],
  ];
  it.each(routes)('%s as %s: a 422 on the field', async (route, who) => {
    for (const [field, value] of cases) {
      const query = { from: '2026-01-01', to: '2026-01-31', [field]: value };
      const res = await get(`${route}?${new URLSearchParams(query)}`, who === 'alice' ? alice : staff);
      expect({ route, field, value, status: res.statusCode }).toEqual({ route, field, value, status: 422 });
      expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { [field]: [DAY] } });
    }
    // A real day still answers.
    expect((await get(`${route}?from=2024-02-29&to=2024-03-01`, who === 'alice' ? alice : staff)).statusCode).toBe(200);
  });
});

describe('numbers past what a query can hold', () => {
  it('amount_min and amount_max on payouts: a 422 on the field', async () => {
    for (const field of ['amount_min', 'amount_max']) {
      for (const who of [alice, staff]) {
        const res = await get(`/v1/payouts?${field}=99999999999999999999`, who);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors[field]).toEqual(['This field must be at most 1000000000000.']);
      }
    }
    expect((await get('/v1/payouts?amount_min=0&amount_max=1000000000000', staff)).statusCode).toBe(200);
  });
});

describe('addresses longer than their column', () => {
  const long = `https://shapesvr.example/${'a'.repeat(2049)}`;
  const rule = (n: number) => `This field must be at most ${n} characters`;

  it("a tracking link's deep_url and a campaign's destination_url (affiliates)", async () => {
    const link = await t.app.inject({ method: 'POST', url: `/v1/offers/${cat.offerId}/tracking-link`, headers: bearer(alice), payload: { deep_url: long } });
    expect(link.statusCode).toBe(422);
    expect(link.json().errors).toEqual({ deep_url: [rule(2048)] });
    const campaign = await t.app.inject({ method: 'POST', url: '/v1/campaigns', headers: bearer(alice), payload: { name: 'Long', offer_id: cat.offerId, destination_type: 'url', destination_url: long } });
    expect(campaign.statusCode).toBe(422);
    expect(campaign.json().errors).toEqual({ destination_url: [rule(2048)] });
  });

  it("a site's url, fallback_url and models_api_url, an offer's fallback_url, a landing page's url (staff)", async () => {
    const site = { name: 'shapesvr', display_name: 'SHAPESVR', url: 'https://shapesvr.example' };
    for (const [field, value, max] of [
      ['url', `https://shapesvr.example/${'a'.repeat(256)}`, 255],
      ['fallback_url', long, 2048],
      ['models_api_url', long, 2048],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: `/v1/sites/${cat.siteId}`, headers: bearer(staff), payload: { ...site, [field]: value } });
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      expect(res.json().errors).toEqual({ [field]: [rule(max)] });
    }
    const offer = await t.app.inject({
      method: 'PUT',
      url: `/v1/offers/${cat.offerId}`,
      headers: bearer(staff),
      payload: { site_id: cat.siteId, name: 'shapesvr cpa', payout_type: 'cpa', goal: 'sale', default_payout: 10, landing_page_id: cat.landingPageId, fallback_url: long },
    });
    expect(offer.statusCode).toBe(422);
    expect(offer.json().errors).toEqual({ fallback_url: [rule(2048)] });
    const lp = await t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(staff), payload: { site_id: cat.siteId, name: 'Long tour', url: long } });
    expect(lp.statusCode).toBe(422);
    expect(lp.json().errors).toEqual({ url: [rule(2048)] });
  });
});
