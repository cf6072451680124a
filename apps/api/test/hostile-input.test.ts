import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, offers } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;
let alice: Tokens;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const a = await createAffiliate(t.app);
  [owner, alice] = await Promise.all([signIn(t.app, mail, 'owner@example.com', 'owner-password-1'), signIn(t.app, mail, a.email, a.password)]);
  cat = await createCatalogue(t.app, owner, { name: 'novavr', payoutType: 'cpa', payout: 5 });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const NUL = '\u0000';
const expectErrorShape = (body: string) => {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(json).toEqual(expect.objectContaining({ error_code: expect.any(String), message: expect.any(String) }));
  expect(Object.keys(json).every((k) => ['error_code', 'message', 'errors'].includes(k))).toBe(true);
  return json;
};

describe('text that the database cannot store (NUL)', () => {
  const register = { first_name: 'Dana', email: 'dana-nul@example.com', password: 'new-affiliate-1', password_confirmation: 'new-affiliate-1' };
  const cases: Array<{ name: string; field: string; send: () => Promise<{ statusCode: number; body: string }> }> = [
    { name: 'register first_name', field: 'first_name', send: () => t.app.inject({ method: 'POST', url: '/v1/register', payload: { ...register, first_name: `a${NUL}` } }) },
    { name: 'register company', field: 'company', send: () => t.app.inject({ method: 'POST', url: '/v1/register', payload: { ...register, company: `a${NUL}` } }) },
    { name: 'contact message', field: 'message', send: () => t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Dana', email: 'd@example.com', message: `hi${NUL}` } }) },
    { name: 'profile city', field: 'city', send: () => t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload: { city: `Berlin${NUL}` } }) },
    {
      name: 'postback url',
      field: 'url',
      send: () => t.app.inject({ method: 'POST', url: '/v1/postbacks', headers: bearer(alice), payload: { goal: 'sale', type: 'global', url: `https://a.example/p?x=${NUL}` } }),
    },
    { name: 'statistics sub1 filter', field: 'sub1', send: () => t.app.inject({ method: 'GET', url: '/v1/statistics/daily?from=2024-01-01&to=2024-01-31&sub1=x%00', headers: bearer(alice) }) },
    { name: 'affiliates search', field: 'search', send: () => t.app.inject({ method: 'GET', url: '/v1/affiliates?search=a%00', headers: bearer(owner) }) },
    { name: 'site name', field: 'display_name', send: () => t.app.inject({ method: 'POST', url: '/v1/sites', headers: bearer(owner), payload: { name: 'nul', display_name: `N${NUL}`, url: 'https://nul.example' } }) },
    {
      name: 'offer name',
      field: 'name',
      send: () => t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(owner), payload: { site_id: cat.siteId, name: `O${NUL}`, payout_type: 'cpa', default_payout: 1 } }),
    },
    {
      name: 'landing page name',
      field: 'name',
      send: () => t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(owner), payload: { site_id: cat.siteId, name: `L${NUL}`, url: 'https://novavr.example/x' } }),
    },
    {
      name: 'announcement title (multipart)',
      field: 'title',
      send: () => {
        const fd = new FormData();
        fd.append('title', `T${NUL}`);
        fd.append('description', 'Body');
        return t.app.inject({ method: 'POST', url: '/v1/announcements', headers: bearer(owner), payload: fd });
      },
    },
    {
      name: 'conversion transaction_id',
      field: 'transaction_id',
      send: () => t.app.inject({ method: 'POST', url: '/v1/conversions', headers: { authorization: `Bearer ${cat.apiKey}` }, payload: { type: 'sale', amount: '1.00', transaction_id: `t${NUL}` } }),
    },
    {
      name: 'conversion by URL',
      field: 'transaction_id',
      send: () => t.app.inject({ method: 'GET', url: `/v1/conversions?key=${cat.apiKey}&type=sale&amount=1.00&transaction_id=t%00` }),
    },
    { name: 'a key of a JSON body', field: `a${NUL}`, send: () => t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Dana', email: 'd@example.com', message: 'hi', [`a${NUL}`]: 1 } }) },
  ];

  it.each(cases)('refuses NUL in $name with 422 on the field', async ({ field, send }) => {
    const res = await send();
    expect(res.statusCode).toBe(422);
    const json = expectErrorShape(res.body);
    expect(json.error_code).toBe('validation_failed');
    expect((json.errors as Record<string, string[]>)[field]).toEqual(['This field is invalid']);
  });
});

describe('a tracking link with NUL in its sub IDs', () => {
  it('still sends the visitor on and counts the click without the NUL', async () => {
    const link = await trackingLink(t.app, alice, cat.offerId);
    const visit = await click(t.app, `${link.url}?sub1=x%00&sub2=%00`, { ip: '81.2.69.10' });
    expect(visit.status).toBe(302);
    const [row] = await t.app.db.select().from(clicks).where(eq(clicks.cid, visit.cid!));
    expect(row).toMatchObject({ sub1: 'x', sub2: null });
  });
});

describe('a truncated multipart body', () => {
  it('answers 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/announcements',
      headers: { ...bearer(owner), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res.body).error_code).toBe('bad_request');
  });
});

describe('ids', () => {
  it.each(['%201', '0x1', '1e0', '01', '1.0', '+1', '-1', '0', '2147483648', '99999999999999999999'])('refuses the id %s and changes nothing', async (raw) => {
    const id = raw.replace(/\b1\b/, String(cat.offerId));
    const res = await t.app.inject({ method: 'POST', url: `/v1/offers/${id}/archive`, headers: bearer(owner), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res.body).error_code).toBe('validation_failed');
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, cat.offerId));
    expect(offer!.status).toBe('active');
  });

  it.each(['/v1/settings/banks', '/v1/settings/payment-methods', '/v1/settings/split-fees', '/v1/settings/tax-withholdings'])('refuses an id past the integer range in %s', async (base) => {
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/2147483648`, headers: bearer(owner) });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res.body).error_code).toBe('validation_failed');
  });

  it('refuses such ids in queries and bodies as well', async () => {
    const q = await t.app.inject({ method: 'GET', url: `/v1/offers?site_id=0x${cat.siteId.toString(16)}`, headers: bearer(owner) });
    expect(q.statusCode).toBe(422);
    const body = await t.app.inject({ method: 'POST', url: '/v1/landing-pages', headers: bearer(owner), payload: { site_id: ` ${cat.siteId}`, name: 'L', url: 'https://novavr.example/y' } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.site_id).toEqual(['This field is invalid']);
    const ok = await t.app.inject({ method: 'GET', url: `/v1/offers/${cat.offerId}`, headers: bearer(owner) });
    expect(ok.statusCode).toBe(200);
  });
});

/** Sends raw bytes to the listening server and reads the whole answer. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err) => (chunks.length ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(err)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('errors outside the routes', () => {
  it('answers an over-long path parameter with 414 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/offers/${'1'.repeat(500)}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(414);
    expect(expectErrorShape(res.body).error_code).toBe('uri_too_long');
  });

  it('answers huge headers with 431 and a malformed request with 400, both in the error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const huge = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(expectErrorShape(huge.slice(huge.indexOf('\r\n\r\n') + 4)).error_code).toBe('headers_too_large');
    const bad = await rawRequest(port, 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(expectErrorShape(bad.slice(bad.indexOf('\r\n\r\n') + 4)).error_code).toBe('bad_request');
  });
});
