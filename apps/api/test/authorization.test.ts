import { permissions } from '@portal/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../src/db/schema/index.ts';
import { type Access, anyone, type Caller, client, describeAccess, mayCall, seesStaffOnly, staff } from '../src/lib/access.ts';
import { type DeclaredAccess, declaredAccess, registerAuth, requireAccess, type Requirement } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * The access rules the routes declare (`requireAccess(app, rule)`, gathered by `declaredAccess`)
 * against the API document and the running app: every operation has a rule, every route lets in
 * whom its rule allows, and no caller the rule does not allow gets a 2xx: anonymous, an affiliate,
 * another affiliate's ids, staff with each single permission, and the owner.
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
/** Each route's rule, by `METHOD /path/{param}`, as the routes declared them. */
let rules: ReadonlyMap<string, Access>;
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
  rules = rulesOf(declaredAccess(t.app));

  const a = await createAffiliate(t.app);
  const b = await createAffiliate(t.app);
  const ownerToken = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  const affiliateA: Who = { name: 'an affiliate', caller: clientCaller, token: await signIn(t.app, mail, a.email, a.password) };
  otherAffiliate = { name: 'another affiliate', caller: clientCaller, token: await signIn(t.app, mail, b.email, b.password) };
  const staffUsers: Who[] = [];
  for (const permission of permissions) {
    const s = await createStaff(t.app, [permission]);
    staffUsers.push({ name: `staff with ${permission}`, caller: { isClient: false, isOwner: false, permissions: new Set([permission]) }, token: await signIn(t.app, mail, s.email, s.password) });
  }
  // Every permission, but a role limited to assigned affiliates: none is assigned to this manager.
  const m = await createStaff(t.app, [...permissions], { assignedAffiliatesOnly: true });
  manager = { name: 'a manager limited to assigned affiliates', caller: { isClient: false, isOwner: false, permissions: new Set(permissions), assignedOnly: true }, token: await signIn(t.app, mail, m.email, m.password) };
  firstAffiliateId = a.id;
  callers = [
    { name: 'anonymous', caller: undefined },
    affiliateA,
    ...staffUsers,
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

const rulesOf = (declared: ReadonlyMap<string, DeclaredAccess>): ReadonlyMap<string, Access> =>
  new Map([...declared].flatMap(([op, d]) => (d.access ? [[op, d.access] as const] : [])));
const accessOf = (op: string): Access | undefined => rules.get(op);
const ruleOf = (op: string): Access => rules.get(op)!;

/** The operations of the document whose route declares no rule. */
function missingRules(ops: readonly string[], declared: ReadonlyMap<string, DeclaredAccess>): string[] {
  return ops.filter((op) => !declared.get(op)?.access).map((op) => `route ${op} declares no access rule: guard it with onRequest: requireAccess(app, <rule>)`);
}

/** The routes with a rule that the document does not list. */
function undocumentedRules(ops: readonly string[], declared: ReadonlyMap<string, DeclaredAccess>): string[] {
  const listed = new Set(ops);
  return [...rulesOf(declared).keys()].filter((op) => !listed.has(op)).map((op) => `route ${op} has an access rule but is not in the API document`);
}

/**
 * Whether the requirement a route's guard shows in the API document (`x-auth`, `x-security`) lets
 * the caller in: a permission without a role is "affiliates, or staff with it".
 */
function admits(req: Requirement | undefined, caller: Caller | undefined): boolean {
  if (!req) return true;
  if (!caller) return false;
  if (req.role === 'client' && !caller.isClient) return false;
  if (req.role === 'staff' && caller.isClient) return false;
  if (req.permission && !caller.isClient && !caller.permissions.has(req.permission)) return false;
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

describe('the access rules', () => {
  it('has a rule for every operation of the API document', () => {
    expect(operations.length).toBeGreaterThan(90);
    expect(missingRules(operations, declaredAccess(t.app))).toEqual([]);
  });

  it('has rules only on routes of the API document', () => {
    expect(rules.size).toBe(operations.length);
    expect(undocumentedRules(operations, declaredAccess(t.app))).toEqual([]);
  });

  it('reports a route registered without a rule, and refuses a route declaring two', async () => {
    const app = Fastify();
    registerAuth(app);
    app.get('/v1/guarded/:id', { onRequest: requireAccess(app, staff('settings')) }, async () => ({}));
    app.get('/v1/open', { config: { access: anyone } }, async () => ({}));
    app.get('/v1/unguarded', async () => ({}));
    app.get('/v1/other-hook', { onRequest: async () => {} }, async () => ({}));
    expect(() => app.get('/v1/twice', { onRequest: requireAccess(app, client), config: { access: anyone } }, async () => ({}))).toThrow('route /v1/twice declares who may call it more than once');
    await app.ready();
    const declared = declaredAccess(app);
    expect(declared.get('GET /v1/guarded/{id}')?.access).toEqual(staff('settings'));
    expect(declared.get('GET /v1/open')?.access).toEqual(anyone);
    expect(missingRules(['GET /v1/guarded/{id}', 'GET /v1/open', 'GET /v1/unguarded', 'GET /v1/other-hook'], declared)).toEqual([
      'route GET /v1/unguarded declares no access rule: guard it with onRequest: requireAccess(app, <rule>)',
      'route GET /v1/other-hook declares no access rule: guard it with onRequest: requireAccess(app, <rule>)',
    ]);
    expect(undocumentedRules(['GET /v1/open'], declared)).toEqual(['route GET /v1/guarded/{id} has an access rule but is not in the API document']);
    await app.close();
  });

  it("documents every route as open to whoever its rule allows (the requirement its guard shows is not stricter than its rule)", () => {
    const problems: string[] = [];
    for (const op of operations.filter((o) => accessOf(o))) {
      const declared = declaredAccess(t.app).get(op);
      if (!declared) continue;
      // Anyone: no sign-in asked for; any other rule: the document says a sign-in is needed.
      if ((declared.requirement === undefined) !== (ruleOf(op).who === 'anyone')) problems.push(`route ${op} shows the requirement ${JSON.stringify(declared.requirement)} for ${describeAccess(ruleOf(op))}`);
      for (const who of callers) {
        if (mayCall(ruleOf(op), who.caller) && !admits(declared.requirement, who.caller)) {
          problems.push(`route ${op} refuses ${who.name}, whom its rule allows (${describeAccess(ruleOf(op))})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers no 2xx to a caller the rule does not allow', async () => {
    const answers: string[] = [];
    let probes = 0;
    for (const op of operations.filter((o) => accessOf(o))) {
      for (const who of callers) {
        if (mayCall(ruleOf(op), who.caller)) continue;
        probes++;
        const res = await request(op, who, () => '1');
        const expected = who.caller ? 403 : 401;
        if (res.statusCode !== expected) answers.push(`${op} as ${who.name} (rule: ${describeAccess(ruleOf(op))}) -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(probes).toBeGreaterThan(300);
    expect(answers).toEqual([]);
    // Every route times every caller it must refuse: well over a thousand requests on a shared machine.
  }, 180_000);

  it('sends the reply keys a rule keeps for some staff to them only: never to an affiliate, not even empty', async () => {
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
      const row = ruleOf(op) as Extract<Access, { who: 'client-or-staff' }>;
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
      if (!op.includes(`{${param}}`)) problems.push(`rule of ${op} names the path parameter ${param}, which its path lacks`);
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
