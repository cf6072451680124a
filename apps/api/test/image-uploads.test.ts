import { readdirSync } from 'node:fs';
import { uploadMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { uploadsDir } from '../src/modules/uploads/storage.ts';
import type { TestApp } from './helpers.ts';
import { form, gifDeclaring, pngDeclaring, realPng } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail } from './support/people.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Every image upload is decoded: a small file declaring more pixels than the limit (40 megapixels)
 * is refused on its field with the one error shape and nothing is stored; a real image is taken,
 * its size the decoded one (docs/creatives.md).
 */

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let alice: Tokens;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  const { t: app, people } = await appWithPeople(mail, { staff: ['creatives', 'offers', 'announcements'], alice: 'affiliate' });
  t = app;
  staff = people.staff.tokens;
  alice = people.alice.tokens;
  cat = await createCatalogue(t.app, staff, { name: 'pixelvr', payoutType: 'cpa', payout: 30 });
});
afterAll(() => closeAppWithMail(t, mail));

const post = (tokens: Tokens, url: string, body: FormData) => t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload: body });
const uploadCount = async () => Number((await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from uploads`))[0]!.n);
const storedFiles = () => {
  try {
    return readdirSync(uploadsDir(t.config)).length;
  } catch {
    return 0;
  }
};

/** The four places an image is uploaded, each with the field it arrives in. */
const kinds = [
  { kind: 'avatar', field: 'avatar', send: (file: Buffer) => post(alice, '/v1/user/avatar', form({}, { avatar: { name: 'me.png', bytes: file } })) },
  { kind: 'banner', field: 'image', send: (file: Buffer) => post(staff, '/v1/creatives/banners', form({ site_id: String(cat.siteId), name: 'Pixels' }, { image: { name: 'b.png', bytes: file } })) },
  { kind: 'announcement image', field: 'image', send: (file: Buffer) => post(staff, '/v1/announcements', form({ title: 'News', description: 'Hello' }, { image: { name: 'n.png', bytes: file } })) },
  { kind: 'site logo', field: 'image', send: (file: Buffer) => post(staff, '/v1/creatives/logos', form({ site_id: String(cat.siteId), name: 'Logo' }, { image: { name: 'l.png', bytes: file } })) },
  { kind: 'offer logo', field: 'logo', send: (file: Buffer) => post(staff, `/v1/offers/${cat.offerId}/logo`, form({}, { logo: { name: 'o.png', bytes: file } })) },
] as const;

describe('image uploads are decoded', () => {
  it.each(kinds)('refuse a small PNG declaring 20000x20000 as $kind: 422 on the field, nothing stored', async ({ field, send }) => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(50_000);
    const [before, filesBefore] = [await uploadCount(), storedFiles()];
    const res = await send(bomb);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_code: 'validation_failed', message: uploadMessages.invalid, errors: { [field]: [uploadMessages.invalid] } });
    expect(await uploadCount()).toBe(before);
    expect(storedFiles()).toBe(filesBefore);
  });

  it.each(kinds)('refuse an animation of a hundred bytes painting 48 megapixels, and a PNG cut short, as $kind', async ({ field, send }) => {
    for (const file of [gifDeclaring(4000, 4000, 3), pngDeclaring(1000, 800)]) {
      const res = await send(file);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [uploadMessages.invalid] });
    }
  });

  it.each(kinds)('take a real image as $kind', async ({ send }) => {
    const res = await send(await realPng(300, 250));
    expect([200, 201]).toContain(res.statusCode);
  });

  it('store a banner with its decoded size, and its embed code says so', async () => {
    const res = await kinds[1].send(await realPng(728, 90));
    expect(res.json().data).toMatchObject({ width: 728, height: 90, size: '728x90' });
    const code = await t.app.inject({ method: 'POST', url: `/v1/creatives/banners/${res.json().data.id}/code`, headers: bearer(alice), payload: { offer_id: cat.offerId } });
    expect(code.json().data.html).toContain('width="728" height="90"');
    // None of the refused files became a banner.
    const sizes = (await t.app.inject({ method: 'GET', url: '/v1/creatives/banners/facets', headers: bearer(alice) })).json().data.sizes;
    expect(sizes).toEqual(['300x250', '728x90']);
  });
});
