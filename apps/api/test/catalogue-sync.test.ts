import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, gte } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueSyncs, jobs, sites } from '../src/db/schema/index.ts';
import { putSetting } from '../src/modules/settings/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/** A site's catalogue API on this machine: pages of models and scenes, with faults to order. */
class SampleCatalogue {
  server: Server | undefined;
  base = '';
  png = Buffer.alloc(0);
  scenes = Array.from({ length: 7 }, (_, i) => ({
    id: `s${i + 1}`,
    title: `Scene ${i + 1}`,
    url: '',
    description: i === 0 ? '<script>alert(1)</script>A <b>bold</b> &amp; bright scene' : 'A scene',
    tags: ['pov', i % 2 ? 'outdoor' : 'indoor'],
    models: [{ name: 'Ava' }],
    images: [`/img/${i + 1}.png`],
    trailer_url: `/trailer/${i + 1}.mp4`,
    vr: { fov: i % 2 ? 360 : 180, projection: 'equirectangular', resolution: '8K', duration: '00:25:30' },
    published_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));
  models = [
    { id: 'm1', name: 'Ava', url: '', images: ['/img/m1.png'], tags: ['blonde'] },
    { id: 'm2', name: 'Bea', url: '', images: ['/not-an-image.png'], tags: [] },
  ];
  /** How often each path (with query) was asked for. */
  hits = new Map<string, number>();
  /** Path+query -> answers to give before the normal one. */
  faults = new Map<string, Array<'500' | 'malformed' | 'hang'>>();
  alwaysMalformed = false;
  imageFixed = false;

  async start(): Promise<string> {
    this.png = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#7c3aed"/></svg>')).png().toBuffer();
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = `${url.pathname}${url.search}`;
      this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
      const fault = this.faults.get(key)?.shift();
      if (fault === '500') return res.writeHead(500).end('oops');
      if (fault === 'malformed' || (this.alwaysMalformed && url.pathname === '/models')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [');
      if (fault === 'hang') return;
      if (url.pathname.startsWith('/img/') || (url.pathname === '/not-an-image.png' && this.imageFixed)) return res.writeHead(200, { 'content-type': 'image/png' }).end(this.png);
      if (url.pathname === '/not-an-image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
      const page = Number(url.searchParams.get('page') ?? '1');
      const list = url.pathname === '/scenes' ? this.scenes : url.pathname === '/models' ? this.models : undefined;
      if (!list) return res.writeHead(404).end();
      const per = 3;
      const items = list.slice((page - 1) * per, page * per).map((item) => ({ ...item, url: `https://sample.example/${item.id}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: items, meta: { page, last_page: Math.ceil(list.length / per) } }));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

type LastSync = { at: string; added: number; updated: number; removed: number; error: string | null };

describe('catalogue sync', () => {
  const sample = new SampleCatalogue();
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: { access_token: string };
  let affiliate: { access_token: string };
  let siteId = 0;

  beforeAll(async () => {
    const base = await sample.start();
    const port = new URL(base).port;
    t = await createTestApp({ SMTP_URL: await mail.start(), OUTBOUND_ALLOW: `127.0.0.1:${port}`, JOBS_POLL_MS: '20', CATALOGUE_RETRY_BASE_MS: '200' });
    await putSetting(t.app.db, 'catalogue_sync_minutes', 0);
    const s = await createStaff(t.app, ['offers', 'creatives']);
    const a = await createAffiliate(t.app);
    staff = await signIn(t.app, mail, s.email, s.password);
    affiliate = await signIn(t.app, mail, a.email, a.password);
    const cat = await createCatalogue(t.app, staff, { name: 'sample', payoutType: 'cpa', payout: 30 });
    siteId = cat.siteId;
    // The form refuses addresses on this machine; the test's own server is set directly, as postbacks' tests do.
    await t.app.db.update(sites).set({ modelsApiUrl: `${base}/models`, scenesApiUrl: `${base}/scenes`, url: 'https://sample.example' }).where(eq(sites.id, siteId));
  });
  afterAll(async () => {
    await t?.close();
    await mail.stop();
    await sample.stop();
  });

  const api = (tokens: { access_token: string }, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: bearer(tokens) });

  /** Asks for a sync and answers the run it started (a retry waiting in the queue is moved up by the request). */
  async function syncAndWait(_previousAt: string | null): Promise<LastSync> {
    const asked = new Date();
    const res = await api(staff, 'POST', `/v1/sites/${siteId}/sync`);
    expect(res.statusCode).toBe(202);
    for (let i = 0; i < 400; i++) {
      const [run] = await t.app.db
        .select()
        .from(catalogueSyncs)
        .where(and(eq(catalogueSyncs.siteId, siteId), gte(catalogueSyncs.startedAt, asked)))
        .orderBy(catalogueSyncs.id)
        .limit(1);
      if (run?.finishedAt) return { at: run.finishedAt.toISOString(), added: run.added, updated: run.updated, removed: run.removed, error: run.error };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('sync did not finish');
  }

  let last: LastSync;

  it('reads every page, retrying the page that failed once, and stores models and scenes with their images', async () => {
    sample.faults.set('/scenes?page=2', ['500']);
    last = await syncAndWait(null);
    expect(last.added).toBe(9);
    expect(last.updated).toBe(0);
    expect(last.removed).toBe(0);
    // One model's "image" is a web page: recorded, the model kept without it.
    expect(last.error).toMatch(/image.*not an image/);
    expect(sample.hits.get('/scenes?page=2')).toBe(2);
    const site = (await api(staff, 'GET', `/v1/sites/${siteId}`)).json().data;
    expect(site.last_sync).toMatchObject({ at: expect.any(String), added: expect.any(Number), updated: 0, removed: 0 });
    expect(sample.hits.get('/scenes?page=4')).toBeUndefined();

    const scenes = (await api(affiliate, 'GET', '/v1/creatives/scenes?per_page=100')).json();
    expect(scenes.meta.total).toBe(7);
    expect(scenes.data[0].name).toBe('Scene 7');
    const first = scenes.data.find((s: { external_id: string }) => s.external_id === 's1');
    expect(first).toMatchObject({ description: 'A bold & bright scene', fov: 180, projection: 'equirectangular', resolution: '8K', duration_seconds: 1530, models: ['Ava'], tags: ['pov', 'indoor'] });
    expect(first.trailer_url).toBe(`${sample.base}/trailer/1.mp4`);
    expect(first.images).toHaveLength(1);
    const image = await t.app.inject({ method: 'GET', url: first.images[0].card });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(480);
    expect(scenes.meta.facets).toMatchObject({ projections: ['equirectangular'], resolutions: ['8K'], fovs: expect.arrayContaining([180, 360]) });

    const models = (await api(affiliate, 'GET', '/v1/creatives/models')).json();
    expect(models.data.map((m: { name: string }) => m.name).sort()).toEqual(['Ava', 'Bea']);
    expect(models.data.find((m: { name: string }) => m.name === 'Bea').images).toEqual([]);
  });

  it('tries the failed image again on the retry, without counting the model as changed', async () => {
    sample.imageFixed = true;
    const retried = await syncAndWait(last.at);
    expect(retried).toMatchObject({ added: 0, updated: 0, removed: 0, error: null });
    const models = (await api(affiliate, 'GET', '/v1/creatives/models')).json();
    expect(models.data.find((m: { name: string }) => m.name === 'Bea').images).toHaveLength(1);
    last = retried;
  });

  it('filters by search, tag, VR facts and duration', async () => {
    const q = async (qs: string) => (await api(affiliate, 'GET', `/v1/creatives/scenes?${qs}`)).json().meta.total as number;
    expect(await q('fov=360')).toBe(3);
    expect(await q('tag=outdoor')).toBe(3);
    expect(await q('search=scene%207')).toBe(1);
    expect(await q('search=ava')).toBe(7);
    expect(await q('min_duration=20&max_duration=30')).toBe(7);
    expect(await q('min_duration=30')).toBe(0);
    expect(await q(`site_id=${siteId}&projection=equirectangular&resolution=8K`)).toBe(7);
    expect((await api(affiliate, 'GET', '/v1/creatives/scenes?fov=90')).statusCode).toBe(422);
  });

  it('is idempotent, then notices a change and a removal', async () => {
    const again = await syncAndWait(last.at);
    expect(again).toMatchObject({ added: 0, updated: 0, removed: 0 });
    sample.scenes[2]!.title = 'Scene 3, re-edited';
    sample.scenes.splice(4, 1);
    const changed = await syncAndWait(again.at);
    expect(changed).toMatchObject({ added: 0, updated: 1, removed: 1 });
    const scenes = (await api(affiliate, 'GET', '/v1/creatives/scenes?per_page=100')).json();
    expect(scenes.meta.total).toBe(6);
    expect(scenes.data.map((s: { name: string }) => s.name)).toContain('Scene 3, re-edited');
    expect(scenes.data.map((s: { external_id: string }) => s.external_id)).not.toContain('s5');
    last = changed;
  });

  it('keeps what it had when the site answers malformed JSON, records the error and retries', async () => {
    sample.alwaysMalformed = true;
    const failed = await syncAndWait(last.at);
    expect(failed.error).toMatch(/models page 1: the answer is not valid JSON/);
    expect((await api(affiliate, 'GET', '/v1/creatives/models')).json().meta.total).toBe(2);
    expect((await api(affiliate, 'GET', '/v1/creatives/scenes')).json().meta.total).toBe(6);
    // The job is waiting to try again.
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'catalogue.sync')).orderBy(desc(jobs.id)).limit(1);
    expect(job!.lastError).toMatch(/not valid JSON/);
    sample.alwaysMalformed = false;
  });

  it('is for staff: an affiliate cannot start a sync, and an unknown site is 404', async () => {
    expect((await api(affiliate, 'POST', `/v1/sites/${siteId}/sync`)).statusCode).toBe(403);
    expect((await api(staff, 'POST', '/v1/sites/999999/sync')).statusCode).toBe(404);
    const asAffiliate = (await api(affiliate, 'GET', `/v1/sites/${siteId}`)).json().data;
    expect(asAffiliate.last_sync).toBeUndefined();
    expect(asAffiliate.models_api_url).toBeNull();
  });
});
