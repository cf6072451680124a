import { type EventItem, NETWORK_TIME_ZONE } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../src/db/schema/index.ts';
import { recordEvent } from '../src/lib/events.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;
let ownerId: number;
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  ownerId = (await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(owner) })).json().data.id;
  catalogue = await createCatalogue(t.app, owner, { name: 'historyvr', payoutType: 'cpa', payout: 10 });
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Tokens, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

async function history(query: Record<string, string | number> = {}): Promise<{ data: EventItem[]; meta: { total: number } }> {
  const res = await call('GET', `/v1/events?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`, owner);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const latest = async (type: string) => (await history({ object_type: type.split('.')[0]!, action: type.split('.')[1]! })).data[0];

describe('the event history', () => {
  it('records a before and an after for each kind of staff write', async () => {
    const offer = (await call('GET', `/v1/offers/${catalogue.offerId}`, owner)).json().data;
    const offerUpdate = await call('PUT', `/v1/offers/${catalogue.offerId}`, owner, {
      site_id: catalogue.siteId,
      name: 'Renamed offer',
      payout_type: 'cpa',
      goal: 'sale',
      default_payout: 11,
      landing_page_id: catalogue.landingPageId,
    });
    expect(offerUpdate.statusCode).toBe(200);
    const site = await call('PUT', `/v1/sites/${catalogue.siteId}`, owner, { name: 'historyvr', display_name: 'History VR', url: 'https://historyvr.example' });
    expect(site.statusCode).toBe(200);
    const rotated = await call('POST', `/v1/sites/${catalogue.siteId}/rotate-key`, owner);
    expect(rotated.statusCode).toBe(200);
    const lp = await call('PUT', `/v1/landing-pages/${catalogue.landingPageId}`, owner, { site_id: catalogue.siteId, name: 'New tour', url: 'https://historyvr.example/new?ref={cid}' });
    expect(lp.statusCode).toBe(200);
    expect((await call('PUT', '/v1/settings/maintenance', owner, { enabled: true })).statusCode).toBe(200);
    expect((await call('PUT', '/v1/settings/maintenance', owner, { enabled: false })).statusCode).toBe(200);
    const bank = await call('POST', '/v1/settings/banks', owner, { name: 'First bank', details: 'IBAN 1' });
    expect(bank.statusCode).toBe(201);
    expect((await call('PUT', `/v1/settings/banks/${bank.json().data.id}`, owner, { name: 'Renamed bank', details: 'IBAN 2' })).statusCode).toBe(200);

    const offerEvent = await latest('offer.updated');
    expect(offerEvent).toMatchObject({ object_id: String(catalogue.offerId), actor: { id: ownerId }, impersonator: null });
    expect(offerEvent!.before).toMatchObject({ name: offer.name, default_payout: 10 });
    expect(offerEvent!.after).toMatchObject({ name: 'Renamed offer', default_payout: 11 });

    expect((await latest('site.updated'))!.after).toMatchObject({ display_name: 'History VR' });
    const key = await latest('site.key_rotated');
    expect(key!.after).toMatchObject({ api_key: '[hidden]' });
    expect(JSON.stringify(key)).not.toContain(rotated.json().data.api_key);
    expect(await latest('landing_page.updated')).toMatchObject({ before: { name: 'Main tour' }, after: { name: 'New tour' } });
    expect(await latest('settings.maintenance')).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(await latest('bank.updated')).toMatchObject({ before: { name: 'First bank' }, after: { name: 'Renamed bank' } });
    expect(await latest('bank.created')).toMatchObject({ before: null, after: { name: 'First bank' } });
  });

  it('records payout transitions with the status before and after', async () => {
    const a = await createAffiliate(t.app);
    const [payout] = await t.app.db
      .insert(payouts)
      .values({ affiliateId: a.id, period: '2026-01', status: 'to_approve', grossCents: 10000, amountCents: 10000, minimumCents: 5000, method: 'paypal', invoiceYear: 2026, invoiceSeq: 7, cutoff: new Date(), createdAt: new Date() })
      .returning();
    const res = await call('POST', `/v1/payouts/${payout!.id}/reject`, owner, { reject_reason: 'Details missing' });
    expect(res.statusCode).toBe(200);
    expect(await latest('payout.rejected')).toMatchObject({ subject: { id: a.id }, before: { status: 'to_approve' }, after: { status: 'rejected', reject_reason: 'Details missing' } });
  });

  it('filters by user, object type, action and date, and pages', async () => {
    const staff = await createStaff(t.app, ['settings']);
    const tokens = await signIn(t.app, mail, staff.email, staff.password);
    expect((await call('PUT', '/v1/settings/maintenance', tokens, { enabled: false })).statusCode).toBe(200);
    const mine = await history({ user_id: staff.id, object_type: 'settings' });
    expect(mine.data.map((e) => e.actor?.id)).toEqual([staff.id]);
    expect((await history({ kind: 'sign_ins', action: 'login', per_page: 1 })).data).toHaveLength(1);
    expect((await history({ kind: 'sign_ins', action: 'login' })).meta.total).toBeGreaterThan(1);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: NETWORK_TIME_ZONE });
    expect((await history({ from: today, to: today })).meta.total).toBeGreaterThan(0);
    expect((await history({ to: '2020-01-01' })).meta.total).toBe(0);
    expect((await history({ user_id: '', object_type: '', action: '' })).meta.total).toBeGreaterThan(0);
    expect((await call('GET', '/v1/events?from=yesterday', owner)).statusCode).toBe(422);
  });

  it('shows changes by default; sign-ins only when asked for, or with everything', async () => {
    const staff = await createStaff(t.app, ['settings']);
    const tokens = await signIn(t.app, mail, staff.email, staff.password);
    expect((await call('PUT', '/v1/settings/maintenance', tokens, { enabled: false })).statusCode).toBe(200);
    const types = (list: { data: { type: string }[] }) => new Set(list.data.map((e) => e.type));
    const changes = await history({ user_id: staff.id, per_page: 100 });
    expect(types(changes)).toContain('settings.maintenance');
    expect(types(changes)).not.toContain('user.login');
    const signIns = await history({ user_id: staff.id, kind: 'sign_ins', per_page: 100 });
    expect([...types(signIns)]).toEqual(['user.login']);
    const all = await history({ user_id: staff.id, kind: 'all', per_page: 100 });
    expect(all.meta.total).toBe(changes.meta.total + signIns.meta.total);
    // The CSV follows the same choice.
    const csv = await call('GET', `/v1/events?format=csv&user_id=${staff.id}`, owner);
    expect(csv.body).toContain(',settings,maintenance,');
    expect(csv.body).not.toContain(',user,login,');
    expect((await call('GET', '/v1/events?kind=everything', owner)).statusCode).toBe(422);
  });

  it('exports CSV, formula-safe', async () => {
    await recordEvent(t.app.db, 'offer.updated', { actorId: ownerId, objectId: 99, before: { name: '=HYPERLINK("http://evil")' }, after: { name: '@SUM(A1)' } });
    await recordEvent(t.app.db, 'offer.note', { actorId: ownerId, objectId: '=1+1' });
    const res = await call('GET', '/v1/events?format=csv&object_type=offer', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,when,user,login_as_staff,object_type,action,object_id,subject,ip,before,after,details');
    expect(res.body).toContain(",'=1+1,");
    expect(res.body).not.toMatch(/(^|,)[=@+]/m);
  });

  it('carries both the staff user and the affiliate in a login-as session', async () => {
    const a = await createAffiliate(t.app);
    const code = (await call('POST', `/v1/affiliates/${a.id}/login-as`, owner, { reason: 'Checking a postback', with_changes: true })).json().data.code;
    const session = (await t.app.inject({ method: 'POST', url: '/v1/authentication/login-as-user', payload: { code } })).json().data as Tokens;
    const res = await call('POST', '/v1/postbacks', session, { goal: 'all', type: 'global', url: 'https://tracker.example.com/as' });
    // A login-as session may be read-only: a refused write is no action taken.
    const taken = res.statusCode < 400 ? [{ actor: { id: a.id }, impersonator: { id: ownerId }, subject: { id: a.id }, data: { method: 'POST', route: '/v1/postbacks' } }] : [];
    expect((await history({ object_type: 'login_as', action: 'action', user_id: a.id })).data).toMatchObject(taken);
    const started = await latest('user.login_as');
    expect(started).toMatchObject({ actor: { id: ownerId }, subject: { id: a.id } });
  });
});
