import { clientPermissions } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, mayCall } from '../src/lib/access.ts';
import { declaredAccess } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

/**
 * Every operation that needs a signed-in user and whose access rule (its guard's,
 * `requireAccess(app, rule)`) does not open it to affiliates answers 403 to an affiliate, before it
 * reads the body or changes anything. Opening a route to affiliates is a change of its rule;
 * authorization.test.ts checks every rule whole.
 */
const affiliate: Caller = { isClient: true, isOwner: false, permissions: new Set(clientPermissions) };
const affiliateMayCall = (op: string) => {
  const rule = declaredAccess(t.app).get(op)?.access;
  return rule !== undefined && mayCall(rule, affiliate);
};

type Operation = { security?: Array<Record<string, unknown>> };

let t: TestApp;
const mail = new MailCatcher();
let affiliateToken: { access_token: string };
let signedInOperations: string[];

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const a = await createAffiliate(t.app);
  affiliateToken = await signIn(t.app, mail, a.email, a.password);
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
    const staffOnly = signedInOperations.filter((op) => !affiliateMayCall(op));
    expect(staffOnly.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const op of staffOnly) {
      const [method, path] = op.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const res = await t.app.inject({ method, url: path.replace(/\{[^}]+\}/g, '1'), headers: bearer(affiliateToken), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      answers.push(`${op} -> ${res.statusCode} ${res.statusCode === 403 ? res.json().error_code : res.body.slice(0, 80)}`);
    }
    expect(answers).toEqual(staffOnly.map((op) => `${op} -> 403 forbidden`));
  });
});
