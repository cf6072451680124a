import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

/**
 * What an affiliate may call. Every other operation of the API document that needs a signed-in
 * user is for staff and must answer 403 to an affiliate, before it reads the body or changes
 * anything: a new staff route is covered as soon as it exists, and opening one to affiliates
 * needs a conscious line here.
 */
const affiliateMayCall = new Set([
  'POST /v1/authentication/logout',
  'POST /v1/user/password',
  'GET /v1/user/profile',
  'POST /v1/user/profile',
  'GET /v1/announcements',
  'GET /v1/announcements/has-unread',
  'POST /v1/announcements/mark-all-as-read',
  'POST /v1/announcements/mark-as-read',
  'GET /v1/announcements/{id}',
  'GET /v1/postbacks',
  'POST /v1/postbacks',
  'GET /v1/postbacks/macros',
  'GET /v1/postbacks/deliveries',
  'GET /v1/postbacks/{id}',
  'PUT /v1/postbacks/{id}',
  'DELETE /v1/postbacks/{id}',
  'POST /v1/postbacks/{id}/test',
  'GET /v1/sites',
  'GET /v1/offers',
  'GET /v1/offers/{id}',
  'GET /v1/landing-pages',
  'POST /v1/offers/{id}/tracking-link',
  'GET /v1/statistics/daily',
  'GET /v1/campaigns',
  'POST /v1/campaigns',
  'PUT /v1/campaigns/{id}',
  'DELETE /v1/campaigns/{id}',
  'GET /v1/dashboard',
  'GET /v1/referrals',
  // Their own money: balance, payouts and each payout's documents (others' answer 404).
  'GET /v1/balance',
  'GET /v1/payouts/when-paid',
  'GET /v1/payouts',
  'GET /v1/payouts/{id}',
  'GET /v1/payouts/{id}/invoice.pdf',
  'GET /v1/payouts/{id}/receipt.pdf',
  'GET /v1/payouts/{id}/statement.csv',
  'GET /v1/user/billing',
  'PUT /v1/user/billing',
  'GET /v1/payment-methods',
]);

type Operation = { security?: Array<Record<string, unknown>> };

let t: TestApp;
const mail = new MailCatcher();
let affiliate: { access_token: string };
let signedInOperations: string[];

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const a = await createAffiliate(t.app);
  affiliate = await signIn(t.app, mail, a.email, a.password);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  signedInOperations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.security?.some((s) => 'bearer' in s))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

describe('staff routes', () => {
  it('answer 403 to an affiliate, every one of them', async () => {
    const staffOnly = signedInOperations.filter((op) => !affiliateMayCall.has(op));
    expect(staffOnly.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const op of staffOnly) {
      const [method, path] = op.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const res = await t.app.inject({ method, url: path.replace(/\{[^}]+\}/g, '1'), headers: bearer(affiliate), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      answers.push(`${op} -> ${res.statusCode} ${res.statusCode === 403 ? res.json().error_code : res.body.slice(0, 80)}`);
    }
    expect(answers).toEqual(staffOnly.map((op) => `${op} -> 403 forbidden`));
  });

  it('the list of what affiliates may call names only operations that exist', () => {
    expect([...affiliateMayCall].filter((op) => !signedInOperations.includes(op))).toEqual([]);
  });
});
