import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, offers } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { paymentMethod } from './support/money.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;
let alice: Tokens;
let aliceId: number;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const a = await createAffiliate(t.app);
  aliceId = a.id;
  [owner, alice] = await Promise.all([signIn(t.app, mail, 'owner@example.com', 'owner-password-1'), signIn(t.app, mail, a.email, a.password)]);
  cat = await createCatalogue(t.app, owner, { name: 'novavr', payoutType: 'cpa', payout: 5 });
  await paymentMethod(t.app, 'wire', 5000);
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
  const register = { first_name: 'Dana', email: 'dana-nul@example.com', password: 'new-affiliate-1', password_confirmation: 'new-affiliate-1', accept_terms: true };
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

const LONE = '\ud800';
const invalidUnicode = { error_code: 'bad_request', message: 'The request holds text that is not valid Unicode.' };

describe('text that is not well-formed Unicode', () => {
  const w9 = { form_type: 'w9', name: 'Alice Walker', business_name: '', tax_classification: 'individual', address: '12 Elm Street', city: 'Austin', state: 'tx', postal_code: '73301', tin_type: 'ssn', tin: '123-45-6789', certify: true, signature: 'Alice Walker' };
  // The seven routes that answered 500 (a JSON column refuses the escape).
  const routes: Array<{ name: string; send: () => Promise<{ statusCode: number; body: string }> }> = [
    {
      name: 'PUT /v1/user/billing details.account_holder',
      send: () => t.app.inject({ method: 'PUT', url: '/v1/user/billing', headers: bearer(alice), payload: { recipient_type: 'company', method: 'wire', details: { account_holder: `VR ${LONE}`, iban: 'DE89370400440532013001', swift: 'DEUTDEFF', bank_name: 'Deutsche Bank' } } }),
    },
    { name: 'POST /v1/tax-forms name', send: () => t.app.inject({ method: 'POST', url: '/v1/tax-forms', headers: bearer(alice), payload: { ...w9, name: `Alice ${LONE}` } }) },
    {
      name: 'POST /v1/campaigns geo targeting url',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/campaigns',
          headers: bearer(alice),
          payload: { name: 'Lone', offer_id: cat.offerId, destination_type: 'url', destination_url: 'https://novavr.example/a', geo_targeting: [{ country: 'FR', destination_type: 'url', url: `https://novavr.example/${LONE}` }] },
        }),
    },
    { name: 'PUT /v1/settings/dashboard', send: () => t.app.inject({ method: 'PUT', url: '/v1/settings/dashboard', headers: bearer(owner), payload: { message: `Hello ${LONE}`, links: [] } }) },
    {
      name: 'PUT /v1/settings/seo',
      send: async () => {
        const seo = (await t.app.inject({ method: 'GET', url: '/v1/settings/seo', headers: bearer(owner) })).json().data;
        return t.app.inject({ method: 'PUT', url: '/v1/settings/seo', headers: bearer(owner), payload: { ...seo, terms: { title: `Terms ${LONE}`, description: 'The fine print', content: '' } } });
      },
    },
    { name: 'PUT /v1/email-templates/{type}', send: () => t.app.inject({ method: 'PUT', url: '/v1/email-templates/activation', headers: bearer(owner), payload: { subject: `Welcome ${LONE}`, body: '<p>Hi</p>' } }) },
    { name: 'POST /v1/affiliates/{id}/login-as reason', send: () => t.app.inject({ method: 'POST', url: `/v1/affiliates/${aliceId}/login-as`, headers: bearer(owner), payload: { reason: `Ticket ${LONE}` } }) },
  ];

  it.each(routes)('answers a lone surrogate in $name with 400 in the error shape', async ({ send }) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.body);
    expect(JSON.parse(res.body)).toEqual(invalidUnicode);
  });

  it('refuses it in a plain text field, a key and a list too, and stores nothing in its place', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(alice) })).json().data.city;
    for (const payload of [{ city: `Berlin${LONE}` }, { city: '\udc00x' }, { [`city${LONE}`]: 'Berlin' }, { methods: ['website', LONE] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidUnicode);
    }
    const after = (await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(alice) })).json().data.city;
    expect(after).toBe(before);
    expect(after).not.toContain('\ufffd');
  });

  it('refuses JSON bytes that are not UTF-8', async () => {
    const payload = Buffer.concat([Buffer.from('{"city":"Berlin'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: { ...bearer(alice), 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidUnicode);
  });

  it.each([
    ['a query value', '/v1/affiliates?search=%ED%A0%80'],
    ['a query value that is not UTF-8', '/v1/affiliates?search=a%FF'],
    ['a query name', '/v1/affiliates?%ED%A0%80=1'],
    ['a path parameter', '/v1/offers/%ED%A0%80'],
    ['a path parameter that is not UTF-8', '/v1/email-templates/%C3%28'],
  ])('refuses %s with 400 in the error shape', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidUnicode);
  });

  it('leaves well-formed text of every script, escaped or not, and a plain percent sign alone', async () => {
    const city = 'Zürich 東京 \ud83d\ude00 محمد';
    const res = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload: { city } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.city).toBe(city);
    expect((await t.app.inject({ method: 'GET', url: `/v1/affiliates?search=${encodeURIComponent('東京 %')}`, headers: bearer(owner) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/affiliates?search=100%', headers: bearer(owner) })).statusCode).toBe(200);
  });
});

describe('control and text-direction characters in names', () => {
  const message = 'This field must not contain control characters.';
  const register = { first_name: 'Dana', email: 'dana-ctl@example.com', password: 'new-affiliate-1', password_confirmation: 'new-affiliate-1', accept_terms: true };
  const cases: Array<{ name: string; field: string; send: (bad: string) => Promise<{ statusCode: number; body: string }> }> = [
    { name: 'a person (sign-up first name)', field: 'first_name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/register', payload: { ...register, first_name: bad } }) },
    { name: 'a company (sign-up)', field: 'company', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/register', payload: { ...register, company: bad } }) },
    { name: 'the profile first name', field: 'first_name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload: { first_name: bad } }) },
    {
      name: 'an account holder',
      field: 'details.account_holder',
      send: (bad) =>
        t.app.inject({ method: 'PUT', url: '/v1/user/billing', headers: bearer(alice), payload: { recipient_type: 'company', method: 'wire', details: { account_holder: bad, iban: 'DE89370400440532013001', swift: 'DEUTDEFF', bank_name: 'Deutsche Bank' } } }),
    },
    { name: 'a site', field: 'display_name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/sites', headers: bearer(owner), payload: { name: 'ctl', display_name: bad, url: 'https://ctl.example' } }) },
    { name: 'an offer', field: 'name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/offers', headers: bearer(owner), payload: { site_id: cat.siteId, name: bad, payout_type: 'cpa', default_payout: 1 } }) },
    { name: 'a campaign', field: 'name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/campaigns', headers: bearer(alice), payload: { name: bad, offer_id: cat.offerId, destination_type: 'url', destination_url: 'https://novavr.example/a' } }) },
    { name: 'a role', field: 'display_name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/roles', headers: bearer(owner), payload: { name: 'ctl_role', display_name: bad, permissions: [] } }) },
    { name: 'a tier', field: 'name', send: (bad) => t.app.inject({ method: 'POST', url: '/v1/tiers', headers: bearer(owner), payload: { name: bad } }) },
  ];
  const bad = { 'a right-to-left override': 'Dana\u202Enigeb', 'a bidi isolate': '\u2066Dana', 'a newline': 'Dana\nSmith', 'a tab': 'Dana\tSmith', 'a C1 control': 'Dana\u0085', 'DEL': 'Dana\u007F' };

  it.each(cases)('refuses them in $name with 422 on the field', async ({ field, send }) => {
    for (const [what, value] of Object.entries(bad)) {
      const res = await send(value);
      const json = expectErrorShape(res.body);
      expect({ what, status: res.statusCode, errors: (json.errors as Record<string, string[]>)[field] }).toEqual({ what, status: 422, errors: [message] });
    }
  });

  it('takes names in any script, and newlines where a field has several lines', async () => {
    const named = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(alice), payload: { first_name: 'Zoë 東京 محمد', company: 'Ünïcode GmbH', traffic_sources: 'Blog\nNewsletter\tweekly' } });
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({ name: 'Zoë 東京 محمد', company: 'Ünïcode GmbH', traffic_sources: 'Blog\nNewsletter\tweekly' });
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
