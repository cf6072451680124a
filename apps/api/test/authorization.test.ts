import { permissions } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../src/db/schema/index.ts';
import { type Access, accessOf, authorization, type Caller, describeAccess, mayCall, seesStaffOnly } from '../src/lib/authorization.ts';
import { declaredAccess, type Requirement } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * The authorization table (src/lib/authorization.ts) against the API document and the running app:
 * every operation has a row, every route lets in whom its row allows, and no caller the row does
 * not allow gets a 2xx: anonymous, an affiliate, another affiliate's ids, staff with each single
 * permission, and the owner.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Who {
  name: string;
  caller: Caller | undefined;
  token?: { access_token: string };
}

let t: TestApp;
const mail = new MailCatcher();
let operations: string[];
let callers: Who[];
let otherAffiliate: Who;
let manager: Who;
let firstAffiliateId: number;
/** Ids owned by the first affiliate, by the path's first segment after the version. */
const owned: Record<string, number> = {};

const clientCaller: Caller = { isClient: true, isOwner: false, permissions: new Set(['dashboard', 'statistics', 'creatives', 'offers', 'announcements']) };

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

  const a = await createAffiliate(t.app);
  const b = await createAffiliate(t.app);
  const ownerToken = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  const affiliateA: Who = { name: 'an affiliate', caller: clientCaller, token: await signIn(t.app, mail, a.email, a.password) };
  otherAffiliate = { name: 'another affiliate', caller: clientCaller, token: await signIn(t.app, mail, b.email, b.password) };
  const staff: Who[] = [];
  for (const permission of permissions) {
    const s = await createStaff(t.app, [permission]);
    staff.push({ name: `staff with ${permission}`, caller: { isClient: false, isOwner: false, permissions: new Set([permission]) }, token: await signIn(t.app, mail, s.email, s.password) });
  }
  // Every permission, but a role limited to assigned affiliates: none is assigned to this manager.
  const m = await createStaff(t.app, [...permissions], { assignedAffiliatesOnly: true });
  manager = { name: 'a manager limited to assigned affiliates', caller: { isClient: false, isOwner: false, permissions: new Set(permissions), assignedOnly: true }, token: await signIn(t.app, mail, m.email, m.password) };
  firstAffiliateId = a.id;
  callers = [
    { name: 'anonymous', caller: undefined },
    affiliateA,
    ...staff,
    manager,
    { name: 'the owner', caller: { isClient: false, isOwner: true, permissions: new Set(permissions) }, token: ownerToken },
  ];

  // What the first affiliate owns: the other affiliate tries these ids.
  const catalogue = await createCatalogue(t.app, ownerToken, { name: 'authvr', payoutType: 'cpa', payout: 10 });
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(affiliateA.token!), payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: number } }).data.id;
  };
  owned.campaigns = await post('/v1/campaigns', { name: 'Mine', offer_id: catalogue.offerId, destination_type: 'url', destination_url: 'https://authvr.example/mine' });
  owned.postbacks = await post('/v1/postbacks', { goal: 'all', type: 'global', url: 'https://tracker.example.com/mine' });
  owned['smart-links'] = await post('/v1/smart-links', { name: 'Mine', entries: [{ offer_id: catalogue.offerId, weight: 1 }] });
  const [payout] = await t.app.db
    .insert(payouts)
    .values({ affiliateId: a.id, period: '2026-01', status: 'to_approve', grossCents: 10000, amountCents: 10000, minimumCents: 5000, method: 'paypal', invoiceYear: 2026, invoiceSeq: 1, cutoff: new Date(), createdAt: new Date() })
    .returning();
  owned.payouts = payout!.id;
  owned['tax-forms'] = await post('/v1/tax-forms', {
    form_type: 'w9', name: 'Mine', tax_classification: 'individual', address: '1 Main St', city: 'Austin', state: 'TX', postal_code: '73301', tin_type: 'ssn', tin: '123-45-6789', certify: true, signature: 'Mine',
  });
  // /v1/user/api-tokens/{id}: the first affiliate's personal API token.
  owned.user = await post('/v1/user/api-tokens', { name: 'Mine', scopes: ['statistics:read'] });
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const rowOf = (op: string): Access => accessOf(op)!;

/** Whether a route's own requireAuth options let the caller in (as requireAuth decides). */
function admits(req: Requirement | undefined, caller: Caller | undefined): boolean {
  if (!req) return true;
  if (!caller) return false;
  if (req.role === 'client' && !caller.isClient) return false;
  if (req.role === 'staff' && caller.isClient) return false;
  if (req.permission && !caller.permissions.has(req.permission)) return false;
  if (req.owner && !caller.isOwner) return false;
  return true;
}

function request(op: string, who: Who, ids: (segment: string) => string) {
  const [method, path] = op.split(' ') as [Method, string];
  const resource = path.split('/')[2] ?? '';
  const url = path.replace(/\{[^}]+\}/g, () => ids(resource));
  const payload = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
  return t.app.inject({ method, url, headers: who.token ? bearer(who.token) : {}, ...payload });
}

describe('the authorization table', () => {
  it('has a row for every operation of the API document', () => {
    expect(operations.length).toBeGreaterThan(90);
    const missing = operations.filter((op) => !accessOf(op)).map((op) => `route ${op} missing from authorization table (apps/api/src/lib/authorization.ts)`);
    expect(missing).toEqual([]);
  });

  it('names only routes that exist', () => {
    const routes = declaredAccess(t.app);
    const stale = Object.keys(authorization)
      .filter((row) => !routes.has(row))
      .map((row) => `authorization table row ${row} names no route of the API`);
    expect(stale).toEqual([]);
  });

  it("lets every route in whoever its row allows (a route's guard is not stricter than its row)", () => {
    const problems: string[] = [];
    for (const op of operations.filter((o) => accessOf(o))) {
      const declared = declaredAccess(t.app).get(op);
      if (!declared) continue;
      if (declared.tableRow) {
        if (declared.tableRow !== op) problems.push(`route ${op} applies the row of ${declared.tableRow}`);
        continue;
      }
      for (const who of callers) {
        if (mayCall(rowOf(op), who.caller) && !admits(declared.requirement, who.caller)) {
          problems.push(`route ${op} refuses ${who.name}, whom the table allows (${describeAccess(rowOf(op))})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers no 2xx to a caller the table does not allow', async () => {
    const answers: string[] = [];
    let probes = 0;
    for (const op of operations.filter((o) => accessOf(o))) {
      for (const who of callers) {
        if (mayCall(rowOf(op), who.caller)) continue;
        probes++;
        const res = await request(op, who, () => '1');
        const expected = who.caller ? 403 : 401;
        if (res.statusCode !== expected) answers.push(`${op} as ${who.name} (table: ${describeAccess(rowOf(op))}) -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(probes).toBeGreaterThan(300);
    expect(answers).toEqual([]);
    // Every route times every caller it must refuse: well over a thousand requests on a shared machine.
  }, 180_000);

  it('sends the reply keys a row keeps for some staff to them only: never to an affiliate, not even empty', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const query: Record<string, string> = { 'GET /v1/statistics/daily': `?from=${day}&to=${day}` };
    const keysOf = (value: unknown, into = new Set<string>()): Set<string> => {
      if (Array.isArray(value)) for (const v of value) keysOf(v, into);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysOf(v, into.add(k));
      return into;
    };
    const rows = operations.filter((op) => {
      const row = accessOf(op);
      return row?.who === 'client-or-staff' && row.staffOnly;
    });
    expect(rows).toEqual(['GET /v1/statistics/daily', 'GET /v1/dashboard']);
    const problems: string[] = [];
    for (const op of rows) {
      const row = rowOf(op) as Extract<Access, { who: 'client-or-staff' }>;
      for (const who of callers) {
        if (!who.caller || !mayCall(row, who.caller)) continue;
        const res = await t.app.inject({ method: 'GET', url: `${op.split(' ')[1]}${query[op] ?? ''}`, headers: bearer(who.token!) });
        if (res.statusCode !== 200) {
          problems.push(`${op} as ${who.name} -> ${res.statusCode}`);
          continue;
        }
        const keys = keysOf(res.json());
        const sees = seesStaffOnly(row, who.caller);
        for (const key of row.staffOnly!.keys) if (keys.has(key) !== sees) problems.push(`${op} as ${who.name}: ${key} ${sees ? 'missing' : 'sent'}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps an affiliate's things from another affiliate", async () => {
    const ownRows = operations.filter((op) => {
      const row = accessOf(op);
      return row && 'own' in row && row.own && op.includes('{');
    });
    expect(ownRows.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const op of ownRows) {
      const resource = op.split(' ')[1]!.split('/')[2]!;
      if (owned[resource] === undefined) {
        problems.push(`route ${op} takes an affiliate's id: add a fixture owned by the first affiliate for /${resource} in this test`);
        continue;
      }
      const id = () => String(owned[resource]);
      const res = await request(op, otherAffiliate, id);
      if (res.statusCode < 400) problems.push(`${op} with the first affiliate's id as ${otherAffiliate.name} -> ${res.statusCode}`);
      if (op.startsWith('GET ') && !op.endsWith('.pdf')) {
        const mine = await request(op, callers[1]!, id);
        if (mine.statusCode !== 200) problems.push(`${op} as its owner -> ${mine.statusCode} (the fixture is not reachable)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps an affiliate not assigned to a manager limited to assigned affiliates from them', async () => {
    const affiliateRows = operations.filter((op) => accessOf(op)?.affiliate);
    expect(affiliateRows.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const op of affiliateRows) {
      const param = accessOf(op)!.affiliate!;
      if (!op.includes(`{${param}}`)) problems.push(`row ${op} names the path parameter ${param}, which its path lacks`);
      const res = await request(op, manager, () => String(firstAffiliateId));
      if (res.statusCode !== 404) problems.push(`${op} with an unassigned affiliate's id as ${manager.name} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    // Staff routes taking the id of an affiliate's payout or tax form: the query's scope answers.
    const ownedRows = operations.filter((op) => /^(GET|POST) \/v1\/(payouts|tax-forms)\/\{id\}/.test(op));
    expect(ownedRows.length).toBeGreaterThan(10);
    for (const op of ownedRows) {
      const resource = op.split(' ')[1]!.split('/')[2]!;
      const res = await request(op, manager, () => String(owned[resource]));
      if (res.statusCode < 400) problems.push(`${op} with an unassigned affiliate's ${resource} id as ${manager.name} -> ${res.statusCode}`);
      if (op.startsWith('GET ') && res.statusCode !== 404) problems.push(`${op} as ${manager.name} -> ${res.statusCode}, not 404`);
    }
    expect(problems).toEqual([]);
  });
});
