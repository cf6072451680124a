import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { affiliateMessages, creativeMessages, uploadMessages } from '@portal/contracts';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, events, landingPages, offers, trackingLinks, users } from '../src/db/schema/index.ts';
import { buildZip } from '../src/modules/creatives/zip.ts';
import { statsDay } from '../src/lib/days.ts';
import { withHomeData } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { form, pngOfSize, realPng, tinyPng } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let otherStaff: Tokens;
let alice: Tokens;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

/** A real PNG of that size: the size is the one decoded. */
const png = realPng;
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60">${body}</svg>`);
/** A real zip (local file header magic), as a banner pack is. */
const zip = buildZip([{ name: 'banner.html', bytes: Buffer.from('<p>pack</p>') }]);

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['creatives', 'offers']);
  const o = await createStaff(t.app, ['offers']);
  const a = await createAffiliate(t.app);
  [staff, otherStaff, alice] = await Promise.all([signIn(t.app, mail, s.email, s.password), signIn(t.app, mail, o.email, o.password), signIn(t.app, mail, a.email, a.password)]);
  cat = await createCatalogue(t.app, staff, { name: 'novavr', payoutType: 'revshare', payout: 40 });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const send = (tokens: Tokens, method: 'POST' | 'PATCH', url: string, body: FormData) => t.app.inject({ method, url, headers: bearer(tokens), payload: body });
const get = (tokens: Tokens, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const bannerForm = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => form({ site_id: String(cat.siteId), name: 'Summer sale', ...fields }, file ? { image: file } : {});

describe('banners', () => {
  let bannerId = 0;

  it('are created by staff with creatives, the size read from the image', async () => {
    const res = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({ language: 'de', category: 'Seasonal', rating: '4' }, { name: 'summer.png', bytes: await png(300, 250) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(creativeMessages.bannerCreated);
    expect(res.json().data).toMatchObject({ name: 'Summer sale', size: '300x250', width: 300, height: 250, format: 'png', is_archive: false, language: 'de', category: 'Seasonal', rating: 4 });
    bannerId = res.json().data.id;
  });

  it('accept a real archive as a banner pack, and refuse a renamed file that is not one', async () => {
    const pack = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({ size: '728x90' }, { name: 'pack.zip', bytes: zip }));
    expect(pack.statusCode).toBe(201);
    expect(pack.json().data).toMatchObject({ format: 'zip', is_archive: true, size: '728x90' });
    const fake = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({}, { name: 'pack.rar', bytes: Buffer.from('this is plain text, not an archive') }));
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ message: uploadMessages.invalid, errors: { image: [uploadMessages.invalid] } });
  });

  it('refuse a file over 2 MB and a type not accepted, with the SPEC message, and require the image', async () => {
    const big = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({}, { name: 'big.png', bytes: pngOfSize(2 * 1048576 + 1) }));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.image).toEqual([uploadMessages.invalid]);
    const pdf = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({}, { name: 'x.png', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }));
    expect(pdf.json().errors.image).toEqual([uploadMessages.invalid]);
    const none = await send(staff, 'POST', '/v1/creatives/banners', bannerForm({}));
    expect(none.json().errors.image).toEqual(['This field is required']);
    const blank = await send(staff, 'POST', '/v1/creatives/banners', form({ site_id: '', name: ' ' }));
    expect(blank.json().errors).toMatchObject({ site_id: ['This field is required'], name: ['This field is required'] });
  });

  it('are listed with filters and paging, and their facets', async () => {
    const all = (await get(alice, '/v1/creatives/banners?per_page=1')).json();
    expect(all.meta).toMatchObject({ total: 2, page: 1, per_page: 1 });
    expect(all.data).toHaveLength(1);
    const de = (await get(alice, `/v1/creatives/banners?language=de&size=300x250&format=png&rating=4&site_id=${cat.siteId}`)).json();
    expect(de.data.map((b: { id: number }) => b.id)).toEqual([bannerId]);
    expect((await get(alice, '/v1/creatives/banners?category=None')).json().meta.total).toBe(0);
    expect((await get(alice, '/v1/creatives/banners/facets')).json().data).toEqual({ languages: ['de', 'en'], sizes: ['300x250', '728x90'], categories: ['Seasonal'], formats: ['png', 'zip'] });
  });

  it('are filtered by size bounds and shape on the server, a pack by the size staff gave it', async () => {
    const ids = async (q: string) => (await get(alice, `/v1/creatives/banners?${q}`)).json().data.map((b: { size: string }) => b.size).sort();
    expect(await ids('max_width=300')).toEqual(['300x250']);
    expect(await ids('min_width=301')).toEqual(['728x90']);
    expect(await ids('min_height=100&max_height=300')).toEqual(['300x250']);
    expect(await ids('shape=horizontal')).toEqual(['728x90']);
    expect(await ids('shape=rectangle')).toEqual(['300x250']);
    expect(await ids('shape=vertical')).toEqual([]);
    expect(await ids('max_width=&min_height=')).toEqual(['300x250', '728x90']);
    const bad = await get(alice, '/v1/creatives/banners?max_width=wide&shape=round');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['max_width', 'shape']);
  });

  it('serve their files from our storage with long cache headers', async () => {
    const banner = (await get(alice, '/v1/creatives/banners?format=png')).json().data[0];
    const file = await t.app.inject({ method: 'GET', url: banner.image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Affiliates' pages embed them: another origin may load the image.
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('are updated with a new image (the old file goes) and deleted by staff; the writes are in the event history', async () => {
    const before = (await get(staff, '/v1/creatives/banners?format=png')).json().data[0];
    const res = await send(staff, 'PATCH', `/v1/creatives/banners/${bannerId}`, bannerForm({ name: 'Autumn sale' }, { name: 'autumn.png', bytes: await png(160, 600) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Autumn sale', size: '160x600' });
    expect((await t.app.inject({ method: 'GET', url: before.image.url })).statusCode).toBe(404);
    const rows = await t.app.db.select().from(events).where(like(events.type, 'banner.%'));
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(['banner.created', 'banner.updated']));
    const update = rows.find((r) => r.type === 'banner.updated')!;
    expect(update).toMatchObject({ objectType: 'banner', action: 'updated', objectId: String(bannerId), before: expect.objectContaining({ name: 'Summer sale' }), after: expect.objectContaining({ name: 'Autumn sale' }) });
  });

  it('are written only by staff with creatives: affiliates and other staff get 403', async () => {
    expect((await send(alice, 'POST', '/v1/creatives/banners', bannerForm({}, { name: 'a.png', bytes: await png(1, 1) }))).statusCode).toBe(403);
    expect((await send(otherStaff, 'POST', '/v1/creatives/banners', bannerForm({}, { name: 'a.png', bytes: await png(1, 1) }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/creatives/banners/${bannerId}`, headers: bearer(alice) })).statusCode).toBe(403);
    expect((await get(otherStaff, '/v1/creatives/banners')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/creatives/banners' })).statusCode).toBe(401);
  });

  it("give an affiliate embed code with their tracking link and sub IDs inside, escaped", async () => {
    await send(staff, 'PATCH', `/v1/creatives/banners/${bannerId}`, bannerForm({ name: 'Sale "now" <b>' }));
    const res = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId, sub1: 'blog&"x"' } });
    expect(res.body).toContain('"html"');
    const { url, html } = res.json().data;
    expect(url).toMatch(/\/t\/[\w-]+\?sub1=blog%26%22x%22$/);
    expect(html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('alt="Sale &quot;now&quot; &lt;b&gt;"');
    expect(html).toContain('width="160" height="600"');
    expect(html).not.toContain('<b>');
    // The link carries the banner, for statistics by creative.
    const [link] = await t.app.db.select().from(trackingLinks).where(eq(trackingLinks.code, res.json().data.code));
    expect(link!.creative).toBe(`banner:${bannerId}`);
    const pack = (await get(alice, '/v1/creatives/banners?format=zip')).json().data[0];
    expect((await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${pack.id}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(staff), payload: { offer_id: cat.offerId } })).statusCode).toBe(403);
  });

  it("send a click on a banner's link to the offer's landing page, counted under the banner", async () => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId, sub1: 'blog' } });
    const visit = await click(t.app, res.json().data.url);
    expect(visit.status).toBe(302);
    expect(visit.location?.origin).toBe('https://novavr.example');
    expect(visit.location?.pathname).toBe('/tour');
    expect(visit.cid).toBeTruthy();
    // Statistics by creative name the banner.
    const [banner] = await t.app.db.select().from(banners).where(eq(banners.id, bannerId));
    const day = statsDay(new Date());
    // Clicks reach the rollups through the journal, merged within a second; wait for it.
    await t.app.clickWriter.drain();
    const stats = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${day}&to=${day}&group_by=creative`, headers: bearer(alice) });
    expect(stats.json().data).toContainEqual(expect.objectContaining({ key: `banner:${bannerId}`, label: `Banner: ${banner!.name}`, clicks: 1 }));
    // An offer of the site without a landing page of its own: the site's best rated landing page, not its home page.
    const bare = (await t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(staff), payload: { site_id: cat.siteId, name: 'novavr signup', payout_type: 'cpa', goal: 'signup', default_payout: 2 } })).json().data;
    const viaBare = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(alice), payload: { offer_id: bare.id } });
    expect((await click(t.app, viaBare.json().data.url)).location?.pathname).toBe('/tour');
    // A landing page the affiliate chose wins; one of another site is refused.
    const lp = (await t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(staff), payload: { site_id: cat.siteId, name: 'Summer deals', url: 'https://novavr.example/summer' } })).json().data;
    const chosen = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId, landing_page_id: lp.id } });
    expect((await click(t.app, chosen.json().data.url)).location?.pathname).toBe('/summer');
    const other = await createCatalogue(t.app, staff, { name: 'otherbanners', payoutType: 'cpa', payout: 5 });
    const foreign = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId, landing_page_id: other.landingPageId } });
    expect(foreign.statusCode).toBe(422);
    // The later tests count the site's landing pages and the live offers: these were only for this one.
    await t.app.db.update(offers).set({ status: 'paused' }).where(inArray(offers.id, [bare.id, other.offerId]));
    await t.app.db.delete(landingPages).where(eq(landingPages.id, lp.id));
  });

  it('give no code to a sign-up still waiting for approval (its clicks would go uncounted to the home page)', async () => {
    const p = await createAffiliate(t.app);
    await t.app.db.update(users).set({ approvalStatus: 'pending' }).where(eq(users.id, p.id));
    const pending = await signIn(t.app, mail, p.email, p.password);
    const res = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${bannerId}/code`, headers: bearer(pending), payload: { offer_id: cat.offerId } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'account_pending_approval', message: affiliateMessages.pendingNoLinks });
  });

  it('are deleted by staff', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/creatives/banners/${bannerId}`, headers: bearer(staff) });
    expect(res.json().data.message).toBe(creativeMessages.bannerDeleted);
    expect((await get(alice, '/v1/creatives/banners')).json().meta.total).toBe(1);
  });
});

describe('the sites for the pickers', () => {
  it('are listed for staff with creatives but not offers (who cannot read /v1/sites), and for affiliates', async () => {
    const c = await createStaff(t.app, ['creatives']);
    const creativesOnly = await signIn(t.app, mail, c.email, c.password);
    expect((await get(creativesOnly, '/v1/sites')).statusCode).toBe(403);
    const res = await get(creativesOnly, '/v1/creatives/sites');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ id: cat.siteId, name: 'novavr', display_name: 'NOVAVR' });
    // Only what a picker needs: no keys, catalogue addresses or sync state.
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['display_name', 'id', 'name']);
    expect((await get(alice, '/v1/creatives/sites')).statusCode).toBe(200);
    expect((await get(otherStaff, '/v1/creatives/sites')).statusCode).toBe(403);
  });
});

describe('logos', () => {
  it('sanitise an svg with script, keep png, refuse an svg over 1 MB', async () => {
    const bad = svg('<script>alert(1)</script><rect width="10" height="10" onclick="alert(2)" fill="#f00"/><a href="javascript:alert(3)"><text>x</text></a>');
    const res = await send(staff, 'POST', '/v1/creatives/logos', form({ site_id: String(cat.siteId), name: 'Light' }, { image: { name: 'logo.svg', bytes: bad } }));
    expect(res.statusCode).toBe(201);
    const stored = (await t.app.inject({ method: 'GET', url: res.json().data.image.url })).body;
    expect(stored).toContain('<rect');
    expect(stored).not.toMatch(/script|onclick|javascript/);
    expect((await send(staff, 'POST', '/v1/creatives/logos', form({ site_id: String(cat.siteId), name: 'Dark' }, { image: { name: 'dark.png', bytes: tinyPng } }))).statusCode).toBe(201);
    const huge = await send(staff, 'POST', '/v1/creatives/logos', form({ site_id: String(cat.siteId) }, { image: { name: 'big.svg', bytes: svg(`<desc>${'x'.repeat(1048576)}</desc>`) } }));
    expect(huge.json().errors.image).toEqual([uploadMessages.invalid]);
    const gif = await send(staff, 'POST', '/v1/creatives/logos', form({ site_id: String(cat.siteId) }, { image: { name: 'a.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;') } }));
    expect(gif.json().errors.image).toEqual([uploadMessages.invalid]);
  });

  it('download as one zip named after the site, holding each logo', async () => {
    const res = await get(alice, `/v1/creatives/logos/zip?site_id=${cat.siteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="novavr-logos.zip"');
    const dir = mkdtempSync(join(tmpdir(), 'logos-'));
    writeFileSync(join(dir, 'l.zip'), res.rawPayload);
    const listing = execFileSync('unzip', ['-l', join(dir, 'l.zip')], { encoding: 'utf8' });
    expect(listing).toContain('novavr-light.svg');
    expect(listing).toContain('novavr-dark.png');
    execFileSync('unzip', ['-o', '-q', join(dir, 'l.zip'), '-d', dir]);
    expect(readFileSync(join(dir, 'novavr-dark.png'))).toEqual(tinyPng);
    expect((await get(alice, '/v1/creatives/logos/zip?site_id=999999')).statusCode).toBe(404);
  });

  it('are listed by site', async () => {
    const res = (await get(alice, `/v1/creatives/logos?site_id=${cat.siteId}`)).json();
    expect(res.meta.total).toBe(2);
    expect(res.data.map((l: { name: string; format: string }) => `${l.name}.${l.format}`)).toEqual(['Light.svg', 'Dark.png']);
  });
});

describe('landing pages as creatives', () => {
  it('take desktop and mobile images (jpg, jpeg, png up to 2 MB) and refuse others', async () => {
    const fields = { site_id: String(cat.siteId), name: 'VR tour', url: 'https://novavr.example/vr', description: 'The VR tour', language: 'en', rating: '5' };
    const res = await send(staff, 'POST', '/v1/creatives/landing-pages', form(fields, { desktop_image: { name: 'd.png', bytes: await png(1280, 800) }, mobile_image: { name: 'm.png', bytes: await png(400, 800) } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.desktop_image).toMatchObject({ mime_type: 'image/png' });
    expect(res.json().data.mobile_image).toMatchObject({ mime_type: 'image/png' });
    const svgImage = await send(staff, 'POST', '/v1/creatives/landing-pages', form(fields, { desktop_image: { name: 'd.svg', bytes: svg('<rect width="1" height="1"/>') } }));
    expect(svgImage.json().errors.desktop_image).toEqual([uploadMessages.invalid]);
    const id = res.json().data.id;
    const cleared = await send(staff, 'PATCH', `/v1/creatives/landing-pages/${id}`, form({ ...fields, mobile_image_deleted: res.json().data.mobile_image.uuid }));
    expect(cleared.json().data.mobile_image).toBeNull();
    expect(cleared.json().data.desktop_image).not.toBeNull();
  });

  it('are listed for affiliates best rated first, with the tracking core landing pages among them', async () => {
    const res = (await get(alice, `/v1/creatives/landing-pages?site_id=${cat.siteId}`)).json();
    expect(res.meta.total).toBe(2);
    expect(res.data.map((l: { name: string }) => l.name)).toEqual(['VR tour', 'Main tour']);
    expect((await get(alice, `/v1/creatives/landing-pages?rating=5`)).json().meta.total).toBe(1);
  });
});

describe('offer logos', () => {
  it("fall back to the site's logo, take an svg up to 1 MB or an image, and are set by staff with creatives only", async () => {
    const fallback = (await get(alice, `/v1/offers/${cat.offerId}/logo`)).json().data;
    expect(fallback).toMatchObject({ from_site: true, logo: { mime_type: 'image/svg+xml' } });
    const set = await send(staff, 'POST', `/v1/offers/${cat.offerId}/logo`, form({}, { logo: { name: 'offer.png', bytes: await png(120, 40) } }));
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ from_site: false, logo: { mime_type: 'image/png' } });
    // The affiliates' offer cards and the offer detail carry it.
    expect((await get(alice, `/v1/offers?site_id=${cat.siteId}`)).json().data[0].logo).toMatchObject({ mime_type: 'image/png' });
    expect((await get(alice, `/v1/offers/${cat.offerId}`)).json().data.logo).toMatchObject({ mime_type: 'image/png' });
    const big = await send(staff, 'POST', `/v1/offers/${cat.offerId}/logo`, form({}, { logo: { name: 'o.svg', bytes: svg(`<desc>${'x'.repeat(1048576)}</desc>`) } }));
    expect(big.json().errors.logo).toEqual([uploadMessages.invalid]);
    expect((await send(otherStaff, 'POST', `/v1/offers/${cat.offerId}/logo`, form({}, { logo: { name: 'o.png', bytes: tinyPng } }))).statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/offers/${cat.offerId}/logo`, headers: bearer(staff) });
    expect(removed.json().data.from_site).toBe(true);
  });
});

describe('the public home page', () => {
  it('lists the active sites with their logo and a line, and the live payout ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/landing' });
    const { network, programs } = res.json().data.home;
    expect(network).toEqual([expect.objectContaining({ name: 'novavr', display_name: 'NOVAVR', logo: expect.stringMatching(/^\/uploads\/.+\.svg$/) })]);
    expect(programs).toEqual([{ payout_type: 'revshare', goal: 'sale', min: 4000, max: 4000, offers: 1 }]);
  });

  it('goes into the served page as JSON that no site text can break out of', () => {
    const html = withHomeData('<html><body><div id="root"></div></body></html>', { network: [{ name: 'x', display_name: '</script><script>alert(1)</script>', url: 'https://x.example', line: "$' $&", logo: null }], programs: [] });
    expect(html).not.toContain('</script><script>');
    const json = /<script id="home-data" type="application\/json">(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json).network[0]).toMatchObject({ display_name: '</script><script>alert(1)</script>', line: "$' $&" });
  });
});
