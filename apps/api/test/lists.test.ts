import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithStaffAliceAndBob, closeAppWithMail } from './support/people.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/** Offers, campaigns, sites and landing pages page, filter and sort alike (docs/lists.md). */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, aliceId: number;
const catalogues: Awaited<ReturnType<typeof createCatalogue>>[] = [];
const names = ['delta', 'alpha', 'echo', 'charlie', 'bravo'];

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId } = await appWithStaffAliceAndBob(mail, ['offers', 'creatives', 'payouts', 'affiliates', 'announcements'], { PUBLIC_URL: 'http://portal.test' }));
  for (const [i, name] of names.entries()) catalogues.push(await createCatalogue(t.app, staff, { name: `site-${name}`, payoutType: 'cpa', payout: 10 + i }));
  // A second landing page on the first site, rated higher.
  await t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(staff), payload: { site_id: catalogues[0]!.siteId, name: 'Zulu tour', url: 'https://site-delta.example/zulu', rating: 5 } });
  for (const [i, name] of names.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/campaigns',
      headers: bearer(alice),
      payload: { name: `campaign ${name}`, offer_id: catalogues[i % 2]!.offerId, destination_type: 'landing_page', landing_page_id: catalogues[i % 2]!.landingPageId },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(() => closeAppWithMail(t, mail));

const get = (who: Tokens, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who) });
const listOf = async (who: Tokens, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Array<Record<string, unknown>>; meta: { total: number; page: number; per_page: number } };
};
const field = (list: { data: Array<Record<string, unknown>> }, key: string) => list.data.map((row) => row[key]);

describe('every catalogue list pages the same way', () => {
  it.each([
    ['/v1/offers', 5],
    ['/v1/sites', 5],
    ['/v1/landing-pages', 6],
  ])('%s: page, per_page, meta.total and All', async (url, total) => {
    const first = await listOf(staff, `${url}?per_page=2`);
    expect(first.meta).toEqual({ total, page: 1, per_page: 2 });
    expect(first.data).toHaveLength(2);
    const last = await listOf(staff, `${url}?per_page=2&page=3`);
    expect(last.data).toHaveLength(total - 4);
    const beyond = await listOf(staff, `${url}?per_page=2&page=9`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(total);

    const all = await listOf(staff, `${url}?per_page=all`);
    expect(all.data).toHaveLength(total);
    expect(all.meta).toEqual({ total, page: 1, per_page: total });
    expect((await listOf(staff, `${url}?per_page=0`)).data).toHaveLength(total);
    // Pages add up to the whole list, each row once.
    const pages = [first, await listOf(staff, `${url}?per_page=2&page=2`), last].flatMap((p) => field(p, 'id'));
    expect(pages).toEqual(field(all, 'id'));
  });

  it('campaigns page too, and only ever the affiliate’s own', async () => {
    const page = await listOf(alice, '/v1/campaigns?per_page=2&page=2');
    expect(page.meta).toEqual({ total: 5, page: 2, per_page: 2 });
    expect(page.data).toHaveLength(2);
    expect((await listOf(bob, '/v1/campaigns?per_page=all')).meta.total).toBe(0);
  });

  it('answers 20 to a page by default', async () => {
    expect((await listOf(staff, '/v1/offers')).meta).toEqual({ total: 5, page: 1, per_page: 20 });
  });
});

describe('the lists that paged their own way read the same words', () => {
  // Payouts once read only 0 for All, the ledger and the creatives stopped at 100 (logos at 200) with no All.
  const lists = () => ['/v1/creatives/landing-pages', '/v1/creatives/banners', '/v1/creatives/logos', '/v1/payouts', `/v1/affiliates/${aliceId}/ledger`, '/v1/announcements'];

  it('each answers per_page=all with the whole list, a page up to 1000, and a 422 past it or on page 0', async () => {
    for (const url of lists()) {
      const all = await listOf(staff, `${url}?per_page=all`);
      expect(all.meta, `${url}`).toEqual({ ...all.meta, total: all.data.length, page: 1, per_page: Math.max(all.data.length, 1) });
      expect((await listOf(staff, `${url}?per_page=1000`)).meta, `${url}`).toMatchObject({ page: 1, per_page: 1000 });
      for (const [query, name] of [['per_page=1001', 'per_page'], ['per_page=some', 'per_page'], ['page=0', 'page']] as const) {
        const res = await get(staff, `${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(422);
        expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { [name]: ['This field is invalid'] } });
      }
    }
  });

  it("the creatives' landing pages page like the others: pages add up to All, and 24 a page by default", async () => {
    const url = '/v1/creatives/landing-pages';
    const all = await listOf(staff, `${url}?per_page=all`);
    expect(all.meta).toEqual({ total: 6, page: 1, per_page: 6 });
    const pages = [];
    for (const page of [1, 2, 3]) {
      const one = await listOf(staff, `${url}?per_page=2&page=${page}`);
      expect(one.meta).toEqual({ total: 6, page, per_page: 2 });
      pages.push(...field(one, 'id'));
    }
    expect(pages).toEqual(field(all, 'id'));
    expect((await listOf(staff, url)).meta).toEqual({ total: 6, page: 1, per_page: 24 });
    expect((await listOf(staff, '/v1/creatives/logos')).meta.per_page).toBe(100);
    expect((await listOf(staff, `/v1/affiliates/${aliceId}/ledger`)).meta.per_page).toBe(50);
    expect((await listOf(alice, '/v1/announcements')).meta.per_page).toBe(10);
  });
});

describe('sorting', () => {
  it('sorts offers by name, payout and id, either way', async () => {
    expect(field(await listOf(staff, '/v1/offers?per_page=all&sort=name'), 'name')).toEqual(names.map((n) => `site-${n} cpa`).sort());
    expect(field(await listOf(staff, '/v1/offers?per_page=all&sort=name&order=desc'), 'name')).toEqual(names.map((n) => `site-${n} cpa`).sort().reverse());
    expect(field(await listOf(staff, '/v1/offers?per_page=all&sort=default_payout&order=desc'), 'default_payout')).toEqual([14, 13, 12, 11, 10]);
    const ids = catalogues.map((c) => c.offerId);
    expect(field(await listOf(staff, '/v1/offers?per_page=all&sort=id'), 'id')).toEqual(ids);
    // By default: by site (display name), as before.
    expect(field(await listOf(alice, '/v1/offers?per_page=all'), 'name')).toEqual(names.map((n) => `site-${n} cpa`).sort());
  });

  it('sorts sites, landing pages and campaigns', async () => {
    expect(field(await listOf(staff, '/v1/sites?per_page=all&sort=name&order=desc'), 'name')).toEqual(names.map((n) => `site-${n}`).sort().reverse());
    // Landing pages: best rated first by default.
    expect((await listOf(staff, '/v1/landing-pages?per_page=1')).data[0]).toMatchObject({ name: 'Zulu tour', rating: 5 });
    expect(field(await listOf(staff, '/v1/landing-pages?per_page=all&sort=name'), 'name')).toEqual(['Main tour', 'Main tour', 'Main tour', 'Main tour', 'Main tour', 'Zulu tour']);
    // Campaigns: newest first by default; by name on request.
    expect(field(await listOf(alice, '/v1/campaigns?per_page=all'), 'name')).toEqual(names.map((n) => `campaign ${n}`).reverse());
    expect(field(await listOf(alice, '/v1/campaigns?per_page=all&sort=name'), 'name')).toEqual(names.map((n) => `campaign ${n}`).sort());
  });
});

describe('filters', () => {
  it('search matches part of a name, its pattern characters taken literally', async () => {
    expect(field(await listOf(staff, '/v1/offers?search=ALPHA'), 'name')).toEqual(['site-alpha cpa']);
    expect((await listOf(staff, '/v1/offers?search=%25')).meta.total).toBe(0);
    expect((await listOf(staff, '/v1/offers?search=_')).meta.total).toBe(0);
    expect(field(await listOf(staff, '/v1/sites?search=SITE-ECHO'), 'name')).toEqual(['site-echo']);
    expect(field(await listOf(staff, '/v1/landing-pages?search=zulu'), 'name')).toEqual(['Zulu tour']);
    expect(field(await listOf(alice, '/v1/campaigns?search=bravo'), 'name')).toEqual(['campaign bravo']);
  });

  it('filters by site and offer, with totals of the filtered list', async () => {
    const first = catalogues[0]!;
    const ofSite = await listOf(staff, `/v1/landing-pages?site_id=${first.siteId}&per_page=1`);
    expect(ofSite.meta.total).toBe(2);
    expect((await listOf(staff, `/v1/offers?site_id=${first.siteId}`)).meta.total).toBe(1);
    expect(field(await listOf(alice, `/v1/campaigns?offer_id=${first.offerId}&sort=name`), 'name')).toEqual(['campaign bravo', 'campaign delta', 'campaign echo']);
    expect((await listOf(alice, `/v1/campaigns?site_id=${catalogues[1]!.siteId}`)).meta.total).toBe(2);
  });
});

describe('bad parameters', () => {
  it.each([
    ['/v1/offers?page=0', 'page'],
    ['/v1/offers?page=-1', 'page'],
    ['/v1/offers?page=1.5', 'page'],
    ['/v1/sites?page=abc', 'page'],
    ['/v1/sites?per_page=1001', 'per_page'],
    ['/v1/landing-pages?per_page=some', 'per_page'],
    ['/v1/landing-pages?per_page=%201', 'per_page'],
    ['/v1/offers?sort=password', 'sort'],
    ['/v1/sites?sort=api_key_hash', 'sort'],
    ['/v1/offers?order=sideways', 'order'],
    ['/v1/offers?status=deleted', 'status'],
    ['/v1/landing-pages?site_id=0x1', 'site_id'],
  ])('%s is a 422 naming %s', async (url, name) => {
    const res = await get(staff, url);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_code: 'validation_failed', message: expect.any(String), errors: { [name]: ['This field is invalid'] } });
  });

  it('a bad campaigns query is a 422 in the error shape too', async () => {
    const res = await get(alice, '/v1/campaigns?sort=affiliate_id&per_page=x');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { sort: ['This field is invalid'], per_page: ['This field is invalid'] } });
  });
});
