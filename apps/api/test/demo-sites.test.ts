import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueSyncs, conversions, sites } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, signIn } from './support/users.ts';

/**
 * The demo's sites pass the site form's own rules: saved unchanged, each answers 200; and their
 * catalogue APIs, on hosts of their own (https://api.<site>.example), still fill models and scenes.
 */

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;

beforeAll(async () => {
  // Seeding the demo (90 days of traffic among the rest) takes a while on a busy two-core machine.
  t = await createTestApp({ SMTP_URL: await mail.start(), DEMO_DATA: '1' });
  owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(owner), ...(payload ? { payload } : {}) });
const demoSites = async () => (await call('GET', '/v1/sites?per_page=100')).json().data.filter((s: { name: string }) => ['novavr', 'holostage', 'immersa'].includes(s.name)) as Array<{ id: number; name: string }>;

describe('demo sites', () => {
  it('hold 90 days of exchange rates and some sales in euros and pounds, paid in USD at the rate of their day', async () => {
    const data = (await call('GET', '/v1/settings/exchange-rates')).json().data;
    expect(data.rates.map((r: { currency: string }) => r.currency)).toEqual(expect.arrayContaining(['EUR', 'GBP', 'CAD', 'AUD', 'JPY']));
    // Marked as the demo's own rates, not as the ECB's.
    expect(new Set(data.rates.map((r: { source: string }) => r.source))).toEqual(new Set(['demo']));
    const foreign = (await t.app.db.select().from(conversions)).filter((c) => c.currency !== 'USD');
    expect(new Set(foreign.map((c) => c.currency))).toEqual(new Set(['EUR', 'GBP']));
    for (const c of foreign) expect(c.amountCents).toBe(Math.round(c.amountMinor * Number(c.usdRate)));
  });

  it('name their catalogue APIs on public hosts of their own, and each saves unchanged with 200', async () => {
    const list = await demoSites();
    expect(list).toHaveLength(3);
    for (const { id, name } of list) {
      const site = (await call('GET', `/v1/sites/${id}`)).json().data;
      const own = {
        name: site.name,
        display_name: site.display_name,
        url: site.url,
        description: site.description,
        type: site.type,
        manager_id: site.manager?.id ?? null,
        models_api_url: site.models_api_url,
        scenes_api_url: site.scenes_api_url,
        message: site.message,
        ...(site.catalogue_mapping ? { catalogue_mapping: site.catalogue_mapping } : {}),
      };
      const res = await call('PUT', `/v1/sites/${id}`, own);
      expect(res.json()).toMatchObject({ data: { id, models_api_url: site.models_api_url, scenes_api_url: site.scenes_api_url } });
      expect(res.statusCode).toBe(200);
      expect(site.models_api_url).toBe(`https://api.${name}.example/models`);
      expect(site.scenes_api_url).toBe(`https://api.${name}.example/scenes`);
    }
  });

  it('sync their models and scenes with images from those hosts, answered by the demo itself', { timeout: 240_000 }, async () => {
    const [site] = (await demoSites()).filter((s) => s.name === 'immersa');
    expect((await call('POST', `/v1/sites/${site!.id}/sync`)).statusCode).toBe(202);
    let run: typeof catalogueSyncs.$inferSelect | undefined;
    for (let i = 0; i < 2000 && !run?.finishedAt; i++) {
      // The site's latest run: the one asked for, or the one already under way when it was asked (it is not queued twice).
      [run] = await t.app.db.select().from(catalogueSyncs).where(eq(catalogueSyncs.siteId, site!.id)).orderBy(desc(catalogueSyncs.id)).limit(1);
      if (!run?.finishedAt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(run?.finishedAt).toBeTruthy();
    expect(run?.error ?? null).toBeNull();
    const scenes = (await call('GET', `/v1/creatives/scenes?site_id=${site!.id}&per_page=100`)).json();
    const models = (await call('GET', `/v1/creatives/models?site_id=${site!.id}&per_page=100`)).json();
    expect(scenes.meta.total).toBe(20);
    expect(models.meta.total).toBe(8);
    // Images fetched and stored as ours.
    const image = scenes.data[0].images?.[0] ?? scenes.data[0].image;
    expect(JSON.stringify(scenes.data[0])).toMatch(/\/uploads\//);
    expect(image).toBeDefined();
    const [row] = await t.app.db.select({ url: sites.modelsApiUrl }).from(sites).where(eq(sites.id, site!.id));
    expect(row!.url).toBe('https://api.immersa.example/models');
  });
});
