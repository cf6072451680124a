import { statisticsGroupBy } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, signIn } from './support/users.ts';

/**
 * Staff of a role marked "assigned affiliates only" reach only the affiliates whose manager they
 * are: two such managers, each given two of the demo affiliates, try to read and change the others
 * through every route that names an affiliate.
 */
type Tokens = { access_token: string };
type Call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;
/** Manager A: the demo affiliate (with payouts) and Ravi. Manager B: Noah and Lukas. */
let a: { id: number; call: Call };
let b: { id: number; call: Call };
const ids: Record<string, number> = {};
let mineA: number[];
let mineB: number[];
let everyone: number[];

const as = (who: Tokens): Call => (method, url, payload) => t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

async function manager(email: string, roleId: number): Promise<{ id: number; call: Call }> {
  const [u] = await t.app.db
    .insert(users)
    .values({ email, name: email.split('@')[0]!, passwordHash: await hashPassword('manager-pass-1'), isClient: false, roleId, isActive: true, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return { id: u!.id, call: as(await signIn(t.app, mail, email, 'manager-pass-1')) };
}

beforeAll(async () => {
  // Seeding the demo (90 days of traffic among the rest) takes a while on a busy two-core machine.
  t = await createTestApp({ SMTP_URL: await mail.start(), DEMO_DATA: '1' });
  owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  const role = await as(owner)('POST', '/v1/roles', { name: 'account_manager', display_name: 'Account manager', permissions: ['dashboard', 'statistics', 'payouts', 'affiliates', 'offers'], assigned_affiliates_only: true });
  if (role.statusCode !== 201 || role.json().data.assigned_affiliates_only !== true) throw new Error(`role: ${role.statusCode} ${role.body}`);
  a = await manager('manager-a@example.com', role.json().data.id);
  b = await manager('manager-b@example.com', role.json().data.id);
  const all = (await as(owner)('GET', '/v1/affiliates?per_page=all')).json().data as Array<{ id: number; email: string }>;
  for (const row of all) ids[row.email] = row.id;
  everyone = all.map((r) => r.id);
  mineA = [ids['affiliate@example.com']!, ids['ravi@example.com']!];
  mineB = [ids['noah@example.com']!, ids['lukas@example.com']!];
  // The manager assignment dialog's route.
  for (const [list, to] of [[mineA, a.id], [mineB, b.id]] as const) {
    for (const id of list) {
      const res = await as(owner)('POST', `/v1/affiliates/${id}/manager`, { manager_id: to });
      if (res.statusCode !== 200) throw new Error(`manager: ${res.statusCode} ${res.body}`);
    }
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const sorted = (list: number[]) => [...list].sort((x, y) => x - y);
/** Each key's answer as "status" (2xx) or "status message", so one comparison names every route that answers wrongly. */
async function answers(keys: readonly string[], send: (key: string) => Promise<LightMyRequestResponse>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const res = await send(key);
    out[key] = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().message}`;
  }
  return out;
}
const each = <T>(keys: readonly string[], value: T): Record<string, T> => Object.fromEntries(keys.map((k) => [k, value]));

describe('a role limited to assigned affiliates', () => {
  it('is kept on the role, can be turned off and on, and never on the owner role', async () => {
    const roles = (await as(owner)('GET', '/v1/roles')).json().data as Array<{ id: number; name: string; is_owner_role: boolean; assigned_affiliates_only: boolean }>;
    const mine = roles.find((r) => r.name === 'account_manager')!;
    expect(mine.assigned_affiliates_only).toBe(true);
    expect(roles.find((r) => r.is_owner_role)!.assigned_affiliates_only).toBe(false);
    expect((await as(owner)('PATCH', `/v1/roles/${roles.find((r) => r.is_owner_role)!.id}`, { assigned_affiliates_only: true })).statusCode).toBe(409);
    const off = await as(owner)('PATCH', `/v1/roles/${mine.id}`, { assigned_affiliates_only: false });
    expect(off.json().data.assigned_affiliates_only).toBe(false);
    // Takes effect on the next request: the manager sees the whole network.
    expect((await a.call('GET', '/v1/affiliates?per_page=all')).json().meta.total).toBe(everyone.length);
    expect((await as(owner)('PATCH', `/v1/roles/${mine.id}`, { assigned_affiliates_only: true })).json().data.assigned_affiliates_only).toBe(true);
    expect((await a.call('GET', '/v1/affiliates?per_page=all')).json().meta.total).toBe(2);
  });
});

describe('affiliates', () => {
  it('lists, filters and exports only the assigned affiliates', async () => {
    const list = (await a.call('GET', '/v1/affiliates?per_page=all')).json();
    expect(sorted(list.data.map((r: { id: number }) => r.id))).toEqual(sorted(mineA));
    expect(list.meta.total).toBe(2);
    expect(sorted((await b.call('GET', '/v1/affiliates?per_page=all')).json().data.map((r: { id: number }) => r.id))).toEqual(sorted(mineB));
    // Searching for another affiliate by id, email or their manager finds nothing.
    expect((await a.call('GET', `/v1/affiliates?search=${mineB[0]}`)).json().meta.total).toBe(0);
    expect((await a.call('GET', '/v1/affiliates?search=noah%40example.com')).json().meta.total).toBe(0);
    expect((await a.call('GET', `/v1/affiliates?manager_id=${b.id}`)).json().meta.total).toBe(0);
    const csv = (await a.call('GET', '/v1/affiliates/export.csv')).body;
    expect(csv).toContain('ravi@example.com');
    expect(csv).not.toContain('noah@example.com');
    expect(csv.trim().split('\n')).toHaveLength(3);
  });

  it("answers 404 for another affiliate's details, billing, ledger, tax forms and profile, and changes nothing", async () => {
    const other = mineB[0]!;
    const mine = mineA[1]!;
    const paths = ['summary', 'ledger', 'billing', 'tax-forms'];
    expect(await answers(paths, (path) => a.call('GET', `/v1/affiliates/${mine}/${path}`))).toEqual(each(paths, '200'));
    expect(await answers(paths, (path) => a.call('GET', `/v1/affiliates/${other}/${path}`))).toEqual(each(paths, '404 Affiliate not found.'));
    expect((await a.call('GET', `/v1/user/profile?user_id=${mine}`)).statusCode).toBe(200);
    expect((await a.call('GET', `/v1/user/profile?user_id=${other}`)).statusCode).toBe(404);
    expect((await a.call('GET', `/v1/user/billing?user_id=${other}`)).statusCode).toBe(404);
    expect((await a.call('POST', `/v1/user/profile?user_id=${other}`, { name: 'Taken Over' })).statusCode).toBe(404);
    const actions = ['deactivate', 'revshare/pause', 'approve'];
    expect(await answers(actions, (action) => a.call('POST', `/v1/affiliates/${other}/${action}`))).toEqual(each(actions, '404 Affiliate not found.'));
    expect((await a.call('PATCH', `/v1/affiliates/${other}`, { name: 'Taken Over' })).statusCode).toBe(404);
    expect((await a.call('POST', `/v1/affiliates/${other}/manager`, { manager_id: a.id })).statusCode).toBe(404);
    expect((await a.call('POST', `/v1/affiliates/${other}/login-as`, { reason: 'Checking their links', with_changes: false })).statusCode).toBe(404);
    expect((await a.call('POST', `/v1/affiliates/${other}/bonus`, { amount: 10, reason: 'Thanks' })).statusCode).toBe(404);
    const bulk = (await a.call('POST', '/v1/affiliates/bulk', { action: 'deactivate', ids: [other] })).json().data;
    expect(bulk).toEqual([{ id: other, ok: false, message: 'Affiliate not found.' }]);
    const [row] = await t.app.db.select({ name: users.name, isActive: users.isActive, managerId: users.managerId }).from(users).where(eq(users.id, other));
    expect(row).toEqual({ name: 'Noah Fischer', isActive: true, managerId: b.id });
  });

  it('gives an affiliate the manager adds to them, and keeps network-wide views from them', async () => {
    const created = await a.call('POST', '/v1/affiliates', { name: 'New Partner', email: 'new-partner@example.com', password: 'partner-pass-1' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.manager).toEqual({ id: a.id, name: 'manager-a' });
    mineA.push(created.json().data.id);
    expect((await a.call('POST', '/v1/payouts/close-period', { period: '2020-01' })).statusCode).toBe(403);
  });
});

describe('statistics and dashboard', () => {
  const range = 'from=2020-01-01&to=2030-12-31'.replace('2030-12-31', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)).replace('2020-01-01', new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10));
  const totalsOf = async (call: Call, query: string) => (await call('GET', `/v1/statistics/daily?${range}&${query}`)).json().meta.totals as { clicks: number; earnings: number };

  it("adds up the assigned affiliates' figures only, under every grouping", async () => {
    const own = await Promise.all(mineA.map((id) => totalsOf(as(owner), `affiliate_id=${id}`)));
    const expected = own.reduce((s, r) => s + r.clicks, 0);
    expect(expected).toBeGreaterThan(0);
    expect((await totalsOf(as(owner), '')).clicks).toBeGreaterThan(expected);
    const clicks: Record<string, unknown> = {};
    for (const group of statisticsGroupBy) clicks[group] = (await a.call('GET', `/v1/statistics/daily?${range}&group_by=${group}`)).json().meta?.totals.clicks;
    expect(clicks).toEqual(Object.fromEntries(statisticsGroupBy.map((g) => [g, expected])));
    const byAffiliate = (await a.call('GET', `/v1/statistics/daily?${range}&group_by=affiliate`)).json().data as Array<{ key: string }>;
    for (const r of byAffiliate) expect(mineA).toContain(Number(r.key));
  });

  it("answers nothing for another affiliate's id", async () => {
    const byAffiliate = (await as(owner)('GET', `/v1/statistics/daily?${range}&group_by=affiliate`)).json().data as Array<{ key: string; clicks: number }>;
    const other = Number(byAffiliate.find((r) => r.clicks > 0 && !mineA.includes(Number(r.key)))!.key);
    expect((await totalsOf(as(owner), `affiliate_id=${other}`)).clicks).toBeGreaterThan(0);
    expect(await totalsOf(a.call, `affiliate_id=${other}`)).toMatchObject({ clicks: 0, earnings: 0 });
    expect((await a.call('GET', `/v1/statistics/daily?${range}&affiliate_id=${other}&group_by=offer`)).json().data).toEqual([]);
  });

  it("shows the assigned affiliates' dashboard, top affiliates among them", async () => {
    const dash = (await a.call('GET', '/v1/dashboard')).json().data;
    expect(dash.scope).toBe('network');
    // Headed by what it shows: their affiliates' totals, not the network's.
    expect(dash.assigned_only).toBe(true);
    for (const top of dash.top_affiliates) expect(mineA).toContain(top.id);
    const from = dash.chart[0].date;
    const to = dash.chart.at(-1).date;
    const per = await Promise.all(mineA.map(async (id) => (await as(owner)('GET', `/v1/statistics/daily?from=${from}&to=${to}&affiliate_id=${id}`)).json().meta.totals.clicks as number));
    const chartClicks = dash.chart.reduce((s: number, d: { clicks: number }) => s + d.clicks, 0);
    expect(chartClicks).toBe(per.reduce((s, n) => s + n, 0));
    const network = (await as(owner)('GET', '/v1/dashboard')).json().data;
    expect(network.assigned_only).toBeUndefined();
    expect(network.chart.reduce((s: number, d: { clicks: number }) => s + d.clicks, 0)).toBeGreaterThan(chartClicks);
  });
});

describe('payouts', () => {
  const demoPayouts = async () => (await as(owner)('GET', `/v1/payouts?affiliate_id=${mineA[0]}&per_page=all`)).json().data as Array<{ id: number; status: string }>;

  it("lists and opens the assigned affiliates' payouts only", async () => {
    const theirs = await demoPayouts();
    expect(theirs.length).toBeGreaterThan(0);
    const listA = (await a.call('GET', '/v1/payouts?per_page=all')).json();
    expect(listA.meta.total).toBe(theirs.length);
    expect(listA.data.every((p: { affiliate: { id: number } }) => mineA.includes(p.affiliate.id))).toBe(true);
    expect((await b.call('GET', '/v1/payouts?per_page=all')).json().meta.total).toBe(0);
    expect((await b.call('GET', `/v1/payouts?affiliate_id=${mineA[0]}`)).json().meta.total).toBe(0);
    const one = theirs[0]!.id;
    expect((await a.call('GET', `/v1/payouts/${one}`)).statusCode).toBe(200);
    const files = ['', '/invoice.pdf', '/statement.csv'];
    expect(await answers(files, (path) => b.call('GET', `/v1/payouts/${one}${path}`))).toEqual(each(files, '404 Payout not found.'));
  });

  it("cannot approve, reject, mark paid or unmark another's payout, one by one or in bulk", async () => {
    const theirs = await demoPayouts();
    const open = theirs.find((p) => p.status === 'to_approve' || p.status === 'to_pay') ?? theirs[0]!;
    const paid = theirs.find((p) => p.status === 'paid')!;
    const tries: Array<[string, object | undefined]> = [
      [`/v1/payouts/${open.id}/approve`, undefined],
      [`/v1/payouts/${open.id}/reject`, { reject_reason: 'Not mine to reject' }],
      [`/v1/payouts/${open.id}/mark-paid`, { reference: 'X-1' }],
      [`/v1/payouts/${paid.id}/unmark-paid`, { reason: 'Not mine to undo' }],
      [`/v1/payouts/${open.id}/bank`, { bank_id: 1 }],
    ];
    const urls = tries.map(([url]) => url);
    expect(await answers(urls, (url) => b.call('POST', url, tries.find(([u]) => u === url)![1] ?? {}))).toEqual(each(urls, '404 Payout not found.'));
    const bulks: Record<string, object> = {
      '/v1/payouts/bulk/approve': { ids: [open.id] },
      '/v1/payouts/bulk/mark-paid': { ids: [open.id], reference: 'X-2' },
      '/v1/payouts/bulk/reject': { ids: [open.id], reject_reason: 'No' },
    };
    const results: Record<string, unknown> = {};
    for (const [url, body] of Object.entries(bulks)) results[url] = (await b.call('POST', url, body)).json().data.results;
    expect(results).toEqual(each(Object.keys(bulks), [{ id: open.id, ok: false, status: null, error_code: 'not_found', message: 'Payout not found.' }]));
    const after = await t.app.db.select({ id: payouts.id, status: payouts.status }).from(payouts).where(eq(payouts.affiliateId, mineA[0]!));
    expect(Object.fromEntries(after.map((p) => [p.id, p.status]))).toEqual(Object.fromEntries(theirs.map((p) => [p.id, p.status])));
  });
});

describe('offers', () => {
  it("shows an offer's custom payouts for the assigned affiliates only, and leaves offer changes to the network's staff", async () => {
    const offer = (await as(owner)('GET', '/v1/offers?per_page=1')).json().data[0] as { id: number };
    expect((await as(owner)('POST', `/v1/affiliates/${mineB[0]}/offer-reward`, { offer_id: offer.id, amount: 7.25 })).statusCode).toBe(200);
    // The manager sets one for their own affiliate; another's is refused.
    expect((await a.call('POST', `/v1/affiliates/${mineA[1]}/offer-reward`, { offer_id: offer.id, amount: 6.5 })).statusCode).toBe(200);
    expect((await a.call('POST', `/v1/affiliates/${mineB[1]}/offer-reward`, { offer_id: offer.id, amount: 9 })).statusCode).toBe(404);
    const customOf = async (call: Call) => ((await call('GET', `/v1/offers/${offer.id}`)).json().data.custom_payouts as Array<{ affiliate: { id: number } | null }>).filter((c) => c.affiliate).map((c) => c.affiliate!.id);
    expect(sorted(await customOf(as(owner)))).toEqual(sorted([mineA[1]!, mineB[0]!]));
    expect(await customOf(a.call)).toEqual([mineA[1]]);
    expect((await a.call('PUT', `/v1/offers/${offer.id}/payouts`, { payouts: [] })).statusCode).toBe(403);
  });
});

describe('tax forms', () => {
  it("lists the assigned affiliates' forms only and answers 404 for another's", async () => {
    const all = [];
    for (const status of ['pending', 'accepted', 'declined']) all.push(...(await as(owner)('GET', `/v1/tax-forms?status=${status}&per_page=200`)).json().data);
    const others = all.filter((f: { affiliate: { id: number } }) => !mineA.includes(f.affiliate.id));
    expect(others.length).toBeGreaterThan(0);
    for (const status of ['pending', 'accepted', 'declined']) {
      const seen = (await a.call('GET', `/v1/tax-forms?status=${status}&per_page=200`)).json().data as Array<{ affiliate: { id: number } }>;
      expect(seen.every((f) => mineA.includes(f.affiliate.id))).toBe(true);
    }
    for (const form of others.slice(0, 2)) {
      expect((await a.call('GET', `/v1/tax-forms/${form.id}`)).statusCode).toBe(404);
      expect((await a.call('POST', `/v1/tax-forms/${form.id}/reveal-tin`)).statusCode).toBe(404);
    }
  });
});

describe('conversion log', () => {
  it("lists the assigned affiliates' conversions only, and cannot reverse another's or attach an orphan", async () => {
    const seen = (await a.call('GET', '/v1/conversion-log?per_page=200')).json().data as Array<{ affiliate: { id: number } | null }>;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c) => c.affiliate !== null && mineA.includes(c.affiliate.id))).toBe(true);
    const others = (await as(owner)('GET', '/v1/conversion-log?status=accepted&per_page=200')).json().data as Array<{ id: number; type: string; affiliate: { id: number } }>;
    const other = others.find((c) => c.type !== 'refund' && c.type !== 'chargeback' && !mineA.includes(c.affiliate.id))!;
    expect(other).toBeDefined();
    expect((await a.call('GET', `/v1/conversion-log?affiliate_id=${other.affiliate.id}`)).json().data).toEqual([]);
    const reversed = await a.call('POST', `/v1/conversion-log/${other.id}/reverse`, { reason: 'Not mine to reverse' });
    expect(reversed.statusCode).toBe(404);
    const orphan = (await as(owner)('GET', '/v1/conversion-log?status=orphaned&per_page=1')).json().data[0] as { id: number };
    expect((await a.call('POST', `/v1/conversion-log/${orphan.id}/attach`, { cid: 'anything' })).statusCode).toBe(404);
    // Nothing changed: the other affiliate's sale is still as it was.
    const after = (await as(owner)('GET', `/v1/conversion-log?affiliate_id=${other.affiliate.id}&per_page=200`)).json().data as Array<{ id: number; status: string }>;
    expect(after.find((c) => c.id === other.id)).toMatchObject({ status: 'accepted' });
  });
});
