import { announcementMessages } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { form, pdfBytes, pngOfSize, tinyPng } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let viewerStaff: Tokens;
let alice: Tokens;
let bob: Tokens;

beforeAll(async () => {
  const { t: app, people } = await appWithPeople(mail, { staff: ['announcements'], viewerStaff: ['dashboard'], alice: 'affiliate', bob: 'affiliate' });
  t = app;
  staff = people.staff.tokens;
  viewerStaff = people.viewerStaff.tokens;
  alice = people.alice.tokens;
  bob = people.bob.tokens;
});
afterAll(() => closeAppWithMail(t, mail));

const create = (tokens: Tokens, body: FormData) => t.app.inject({ method: 'POST', url: '/v1/announcements', headers: bearer(tokens), payload: body });
const hasUnread = async (tokens: Tokens) => (await t.app.inject({ method: 'GET', url: '/v1/announcements/has-unread', headers: bearer(tokens) })).json().data.has_unread;
const list = (tokens: Tokens, query = '') => t.app.inject({ method: 'GET', url: `/v1/announcements?orderBy=created_at&sortedBy=desc${query}`, headers: bearer(tokens) });

describe('announcements', () => {
  let firstId = 0;

  it('lets staff with the permission create one with an image, sanitising the description', async () => {
    const res = await create(
      staff,
      form(
        {
          title: '  New VR studio joins  ',
          description: '<p>Hello <strong>partners</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>',
          announcement_url: 'https://novavr.example/promo',
          button_text: 'See offers',
        },
        { image: { name: 'banner.png', bytes: tinyPng, type: 'image/png' } },
      ),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(announcementMessages.created);
    expect(body.data).toMatchObject({ title: 'New VR studio joins', button_text: 'See offers', announcement_url: 'https://novavr.example/promo' });
    expect(body.data.description).toContain('<strong>partners</strong>');
    expect(body.data.description).not.toMatch(/script|onerror/);
    expect(body.data.image).toMatchObject({ name: 'banner.png', mime_type: 'image/png', size: tinyPng.length });
    const img = await t.app.inject({ method: 'GET', url: body.data.image.url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(tinyPng)).toBe(true);
    firstId = body.data.id;
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const before = (await list(staff)).json().meta.total;
    const missing = await create(staff, form({ title: '', description: '' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ title: ['This field is required'], description: ['This field is required'] });
    const badUrl = await create(staff, form({ title: 'x', description: 'y', announcement_url: 'http://10.0.0.1/admin' }));
    expect(badUrl.json().errors.announcement_url).toEqual(['The value must be a absolute or relative (starts with /) link.']);
    const tooBig = await create(staff, form({ title: 'x', description: 'y' }, { image: { name: 'big.png', bytes: pngOfSize(2 * 1024 * 1024 + 1) } }));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.image).toEqual(['The file does not meet the requirements']);
    const wrongType = await create(staff, form({ title: 'x', description: 'y' }, { image: { name: 'looks-like.png', bytes: pdfBytes, type: 'image/png' } }));
    expect(wrongType.json().errors.image).toEqual(['The file does not meet the requirements']);
    expect((await list(staff)).json().meta.total).toBe(before);
  });

  it('shows the bell dot to every affiliate and clears it per affiliate', async () => {
    expect(await hasUnread(alice)).toBe(true);
    expect(await hasUnread(bob)).toBe(true);
    const mark = await t.app.inject({ method: 'POST', url: '/v1/announcements/mark-as-read', headers: bearer(alice), payload: { ids: [firstId] } });
    expect(mark.statusCode).toBe(200);
    expect(await hasUnread(alice)).toBe(false);
    expect(await hasUnread(bob)).toBe(true);
    const bobsList = (await list(bob)).json().data;
    expect(bobsList.find((a: { id: number }) => a.id === firstId).is_read).toBe(false);
    const alicesList = (await list(alice)).json().data;
    expect(alicesList.find((a: { id: number }) => a.id === firstId).is_read).toBe(true);
  });

  it('marks all as read, and a new announcement lights the dot again', async () => {
    await t.app.inject({ method: 'POST', url: '/v1/announcements/mark-all-as-read', headers: bearer(bob) });
    expect(await hasUnread(bob)).toBe(false);
    const res = await create(staff, form({ title: 'Payout day moved', description: '<p>Payouts go out on the 5th.</p>' }));
    expect(res.statusCode).toBe(201);
    expect(await hasUnread(bob)).toBe(true);
    const q = await t.app.inject({ method: 'POST', url: `/v1/announcements/mark-as-read?ids=${res.json().data.id}`, headers: bearer(bob) });
    expect(q.json().data.has_unread).toBe(false);
  });

  it('paginates with an All option', async () => {
    for (let i = 0; i < 3; i++) await create(staff, form({ title: `Update ${i}`, description: 'Text' }));
    const page = (await list(staff, '&per_page=2&page=2')).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ page: 2, per_page: 2, total: 5 });
    const all = (await list(staff, '&per_page=all')).json();
    expect(all.data).toHaveLength(5);
    expect(all.meta.total).toBe(5);
  });

  it('updates and replaces or removes the image, and deletes', async () => {
    const upd = await t.app.inject({
      method: 'POST',
      url: `/v1/announcements/${firstId}`,
      headers: bearer(staff),
      payload: form({ title: 'Renamed', description: '<p>Body</p>', image_deleted: 'x' }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe(announcementMessages.updated);
    expect(upd.json().data.title).toBe('Renamed');
    const imageUuid = upd.json().data.image.uuid;
    const removed = await t.app.inject({ method: 'POST', url: `/v1/announcements/${firstId}`, headers: bearer(staff), payload: form({ title: 'Renamed', description: 'Body', image_deleted: imageUuid }) });
    expect(removed.json().data.image).toBeNull();
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/announcements/${firstId}`, headers: bearer(staff) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/announcements/${firstId}`, headers: bearer(staff) })).statusCode).toBe(404);
  });

  it('refuses affiliates and staff without the permission', async () => {
    const [first] = (await list(staff)).json().data;
    for (const who of [alice, viewerStaff]) {
      expect((await create(who, form({ title: 'x', description: 'y' }))).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/v1/announcements/${first.id}`, headers: bearer(who), payload: form({ title: 'x', description: 'y' }) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/v1/announcements/${first.id}`, headers: bearer(who) })).statusCode).toBe(403);
    }
    expect((await list(viewerStaff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/announcements' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/announcements/mark-all-as-read', headers: bearer(staff) })).statusCode).toBe(403);
  });

  it('serves an uploaded SVG sanitised and sandboxed', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#8b5cf6"/></svg>');
    const res = await create(staff, form({ title: 'Logo', description: 'x' }, { image: { name: 'logo.svg', bytes: svg, type: 'image/svg+xml' } }));
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.image.url });
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.body).toContain('<rect');
    expect(file.body).not.toMatch(/onload|script/);
  });
});
