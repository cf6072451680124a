import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, sites } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, convert, createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type FeedJson = { total: number; start: number; limit: number; items: Array<{ id: string; name: string; link: string; description: string; updated_at: string; image: string | null }> };

describe('feeds and catalogue links', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: { access_token: string };
  let alice: { access_token: string };
  let bob: { access_token: string };
  let cat: Awaited<ReturnType<typeof createCatalogue>>;
  let sceneIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['offers', 'creatives', 'statistics']);
    const a = await createAffiliate(t.app);
    const b = await createAffiliate(t.app);
    [staff, alice, bob] = await Promise.all([signIn(t.app, mail, s.email, s.password), signIn(t.app, mail, a.email, a.password), signIn(t.app, mail, b.email, b.password)]);
    cat = await createCatalogue(t.app, staff, { name: 'feedsite', payoutType: 'cpa', payout: 40, goal: 'sale' });
    await t.app.db.update(sites).set({ url: 'https://feedsite.example' }).where(eq(sites.id, cat.siteId));
    const rows = Array.from({ length: 25 }, (_, i) => ({
      siteId: cat.siteId,
      kind: 'scene',
      externalId: `x${i + 1}`,
      name: i === 24 ? 'Newest <scene> & "friends"' : `Scene ${i + 1}`,
      description: i === 24 ? "</description><script>alert('x')</script>" : 'A scene',
      url: `https://feedsite.example/scenes/${i + 1}`,
      tags: ['pov'],
      images: [{ card: `/uploads/catalogue/s${i}-card.webp`, large: `/uploads/catalogue/s${i}-large.webp`, width: 1280, height: 720 }],
      publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      contentHash: sha256(String(i)),
      updatedAt: new Date(Date.UTC(2026, 5, 1)),
    }));
    sceneIds = (await t.app.db.insert(catalogueItems).values(rows).returning({ id: catalogueItems.id })).map((r) => r.id);
  });
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  const api = (tokens: { access_token: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const feedPath = (url: string) => new URL(url).pathname;

  let feed: { key: string; scenes: { json: string; xml: string; rss: string } };

  it('gives an affiliate a feed key and its URLs, with the fields documented', async () => {
    const none = (await api(alice, 'GET', '/v1/creatives/feeds')).json().data;
    expect(none).toMatchObject({ key: null, scenes: null });
    expect(none.fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['link', 'updated_at', 'fov']));
    const made = await api(alice, 'POST', '/v1/creatives/feeds');
    expect(made.statusCode).toBe(201);
    feed = made.json().data;
    expect(feed.scenes.json).toMatch(new RegExp(`/feeds/${feed.key}/scenes\\.json$`));
    expect((await api(staff, 'GET', '/v1/creatives/feeds')).statusCode).toBe(403);
  });

  it('serves the newest scenes with paging and a total, each link the affiliate\'s tracking link to the scene', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${feedPath(feed.scenes.json)}?limit=10` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json() as FeedJson;
    expect(body).toMatchObject({ total: 25, start: 0, limit: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]!.name).toBe('Newest <scene> & "friends"');
    expect(body.items[0]!.image).toMatch(/^http:\/\/localhost:\d+\/uploads\/catalogue\/s24-card\.webp$/);
    const next = (await t.app.inject({ method: 'GET', url: `${feedPath(feed.scenes.json)}?start=20&limit=10` })).json() as FeedJson;
    expect(next.items.map((i) => i.name)).toEqual(['Scene 5', 'Scene 4', 'Scene 3', 'Scene 2', 'Scene 1']);
    expect(next.total).toBe(25);

    // Following the link lands on the scene's page with a click id, and statistics know the creative.
    const followed = await click(t.app, body.items[0]!.link);
    expect(followed.status).toBe(302);
    expect(followed.location?.pathname).toBe('/scenes/25');
    expect(followed.cid).toBeTruthy();
    const sale = await convert(t.app, cat.apiKey, { cid: followed.cid, type: 'sale', amount: '50.00', transaction_id: 'feed-sale-1' });
    expect(sale.statusCode).toBe(200);
    const day = statsDay(new Date());
    // Clicks reach the rollups through the journal, merged within a second; wait for it.
    await t.app.clickWriter.drain();
    const stats = (await api(alice, 'GET', `/v1/statistics/daily?from=${day}&to=${day}&group_by=creative`)).json();
    expect(stats.data).toEqual([expect.objectContaining({ key: `scene:${sceneIds[24]}`, label: 'Newest <scene> & "friends"', clicks: 1, sales: 1, earnings: 40 })]);
    const filtered = (await api(alice, 'GET', `/v1/statistics/daily?from=${day}&to=${day}&creative=scene:${sceneIds[0]}`)).json();
    expect(filtered.meta.totals.clicks).toBe(0);
    // What converts: the scene with earnings comes first.
    const converts = (await api(bob, 'GET', '/v1/creatives/scenes?sort=converts&per_page=3')).json();
    expect(converts.data[0]).toMatchObject({ id: sceneIds[24], epc: 40 });
    expect(converts.data[1].epc).toBeNull();
  });

  it('answers only what changed with updated_since', async () => {
    await t.app.db.update(catalogueItems).set({ name: 'Scene 3, recut', updatedAt: new Date() }).where(eq(catalogueItems.id, sceneIds[2]!));
    const since = new Date(Date.now() - 60_000).toISOString();
    const body = (await t.app.inject({ method: 'GET', url: `${feedPath(feed.scenes.json)}?updated_since=${encodeURIComponent(since)}` })).json() as FeedJson;
    expect(body.total).toBe(1);
    expect(body.items.map((i) => i.name)).toEqual(['Scene 3, recut']);
    expect((await t.app.inject({ method: 'GET', url: `${feedPath(feed.scenes.json)}?updated_since=yesterday` })).statusCode).toBe(422);
  });

  it('answers 304 to a repeated fetch with the ETag, and a new body once the catalogue changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.json) });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.json), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.db.update(catalogueItems).set({ name: 'Scene 4, recut', updatedAt: new Date() }).where(eq(catalogueItems.id, sceneIds[3]!));
    const changed = await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.json), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('escapes every text in XML and RSS', async () => {
    const xml = await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.xml) });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<name>Newest &lt;scene&gt; &amp; &quot;friends&quot;</name>');
    expect(xml.body).toContain('<description>&lt;/description&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;</description>');
    expect(xml.body).not.toContain('<script>');
    expect(xml.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed kind="scene" total="25" start="0" limit="100">/);
    const rss = await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.rss) });
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<title>Newest &lt;scene&gt; &amp; &quot;friends&quot;</title>');
    expect(rss.body).toMatch(/<guid isPermaLink="false">scene:\d+<\/guid>/);
    expect(rss.body).not.toContain('<script>');
    const models = (await t.app.inject({ method: 'GET', url: feedPath(feed.scenes.json).replace('scenes.json', 'models.json') })).json();
    expect(models).toMatchObject({ total: 0, items: [] });
  });

  it('revoking the key makes its feeds 404; a new key works', async () => {
    const old = feed;
    const revoked = await api(alice, 'DELETE', '/v1/creatives/feeds');
    expect(revoked.json().data.key).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: feedPath(old.scenes.json) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: 'not_found' });
    expect((await t.app.inject({ method: 'GET', url: '/feeds/not-a-real-key-at-all/scenes.json' })).statusCode).toBe(404);
    const fresh = (await api(alice, 'POST', '/v1/creatives/feeds')).json().data;
    expect(fresh.key).not.toBe(old.key);
    expect((await t.app.inject({ method: 'GET', url: feedPath(fresh.scenes.rss) })).statusCode).toBe(200);
    // Regenerating replaces the key: the previous one stops at once.
    const again = (await api(alice, 'POST', '/v1/creatives/feeds')).json().data;
    expect((await t.app.inject({ method: 'GET', url: feedPath(fresh.scenes.rss) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(again.scenes.rss) })).statusCode).toBe(200);
  });

  it('makes a deep link from a card, carrying the creative; a creative of another site is refused', async () => {
    const link = await api(bob, 'POST', `/v1/creatives/scenes/${sceneIds[0]}/tracking-link`, { sub1: 'blog' });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data;
    expect(url).toMatch(/\/t\/[\w-]+\?sub1=blog$/);
    const followed = await click(t.app, url);
    expect(followed.location?.toString()).toMatch(/^https:\/\/feedsite\.example\/scenes\/1\?cid=/);
    expect((await api(bob, 'POST', '/v1/creatives/scenes/999999/tracking-link', {})).statusCode).toBe(404);
    expect((await api(bob, 'POST', `/v1/creatives/models/${sceneIds[0]}/tracking-link`, {})).statusCode).toBe(404);
    const other = await createCatalogue(t.app, staff, { name: 'othersite', payoutType: 'cpa', payout: 10 });
    const wrong = await api(bob, 'POST', `/v1/offers/${other.offerId}/tracking-link`, { creative_id: `scene:${sceneIds[0]}` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('creative_id');
    const bad = await api(bob, 'POST', `/v1/offers/${cat.offerId}/tracking-link`, { creative_id: 'video:1' });
    expect(bad.statusCode).toBe(422);
  });
});
