import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateProfiles, clicks, events, offerPayouts, sessions, users } from '../src/db/schema/index.ts';
import { appendEntry } from '../src/modules/ledger/entries.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let staffId: number;
let noPermission: Tokens;
let affiliateTokens: Tokens;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['affiliates']);
  staffId = s.id;
  const n = await createStaff(t.app, ['payouts', 'settings']);
  const a = await createAffiliate(t.app);
  [staff, noPermission, affiliateTokens] = await Promise.all([
    signIn(t.app, mail, s.email, s.password),
    signIn(t.app, mail, n.email, n.password),
    signIn(t.app, mail, a.email, a.password),
  ]);
  const [owner] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.isOwner, true));
  ownerId = owner!.id;
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: Tokens, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

async function named(name: string, extra: { country?: string; company?: string } = {}) {
  const a = await createAffiliate(t.app);
  await t.app.db.update(users).set({ name }).where(eq(users.id, a.id));
  if (extra.country || extra.company) await t.app.db.update(affiliateProfiles).set(extra).where(eq(affiliateProfiles.userId, a.id));
  return a;
}

describe('who may call the affiliates routes', () => {
  it('answers 401 to anonymous, 403 to affiliates and to staff without affiliates, on every route', async () => {
    const a = await createAffiliate(t.app);
    const routes: Array<['GET' | 'POST' | 'PATCH', string, Record<string, unknown>?]> = [
      ['GET', '/v1/affiliates'],
      ['GET', '/v1/affiliates/export.csv'],
      ['GET', '/v1/affiliates/managers'],
      ['POST', '/v1/affiliates', { name: 'X', email: 'x@example.com', password: 'password-1' }],
      ['PATCH', `/v1/affiliates/${a.id}`, { name: 'Y' }],
      ['POST', `/v1/affiliates/${a.id}/activate`],
      ['POST', `/v1/affiliates/${a.id}/deactivate`],
      ['POST', `/v1/affiliates/${a.id}/revshare/pause`],
      ['POST', `/v1/affiliates/${a.id}/revshare/unpause`],
      ['POST', `/v1/affiliates/${a.id}/manager`, { manager_id: staffId }],
      ['POST', `/v1/affiliates/${a.id}/tier`, { tier_id: 1 }],
      ['POST', `/v1/affiliates/${a.id}/offer-reward`, { offer_id: 1, amount: '5' }],
      ['POST', `/v1/affiliates/${a.id}/approve`],
      ['POST', `/v1/affiliates/${a.id}/reject`, { reason: 'No' }],
      ['POST', `/v1/affiliates/${a.id}/bonus`, { amount: '5', reason: 'Thanks' }],
      ['POST', `/v1/affiliates/${a.id}/login-as`, { reason: 'Support ticket' }],
      ['POST', '/v1/affiliates/bulk', { action: 'activate', ids: [a.id] }],
    ];
    for (const [method, url, payload] of routes) {
      const statuses = [
        (await call(method, url, undefined, payload)).statusCode,
        (await call(method, url, affiliateTokens, payload)).statusCode,
        (await call(method, url, noPermission, payload)).statusCode,
      ];
      expect({ route: `${method} ${url}`, statuses }).toEqual({ route: `${method} ${url}`, statuses: [401, 403, 403] });
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ isActive: true, name: 'Test Affiliate', managerId: null });
  });
});

describe('the list', () => {
  it('searches by name, email, id, company and website; filters; sorts; pages; totals', async () => {
    const zed = await named('Zed Quarry', { country: 'DE', company: 'Quarry Media GmbH' });
    const amy = await named('Amy Quarry', { country: 'US' });
    await appendEntry(t.app.db, { affiliateId: amy.id, kind: 'bonus', amountCents: 12345, createdBy: staffId, reason: 'Welcome' });
    const bySearch = await call('GET', '/v1/affiliates?search=quarry&sort=name', staff);
    expect(bySearch.statusCode).toBe(200);
    expect(bySearch.json().data.map((r: { name: string }) => r.name)).toEqual(['Amy Quarry', 'Zed Quarry']);
    expect(bySearch.json().meta).toEqual({ total: 2, page: 1, per_page: 20 });
    expect((await call('GET', `/v1/affiliates?search=${zed.id}`, staff)).json().data.map((r: { id: number }) => r.id)).toContain(zed.id);
    expect((await call('GET', '/v1/affiliates?search=MEDIA%20GMBH', staff)).json().data.map((r: { id: number }) => r.id)).toEqual([zed.id]);
    expect((await call('GET', '/v1/affiliates?search=quarry&country=DE', staff)).json().data.map((r: { id: number }) => r.id)).toEqual([zed.id]);
    const byBalance = (await call('GET', '/v1/affiliates?search=quarry&sort=balance&order=desc', staff)).json().data;
    expect(byBalance[0]).toMatchObject({ id: amy.id, balance: 123.45, status: 'active', legal_form_status: 'not_uploaded', revshare_paused: false });
    const paged = (await call('GET', '/v1/affiliates?search=quarry&sort=name&per_page=1&page=2', staff)).json();
    expect(paged.data.map((r: { name: string }) => r.name)).toEqual(['Zed Quarry']);
    expect(paged.meta).toEqual({ total: 2, page: 2, per_page: 1 });
    const all = (await call('GET', '/v1/affiliates?per_page=all', staff)).json();
    expect(all.data.length).toBe(all.meta.total);
    expect(all.data.every((r: { email: string }) => !r.email.startsWith('staff-'))).toBe(true);
    expect((await call('GET', '/v1/affiliates?sort=password', staff)).statusCode).toBe(422);
  });

  it('filters by status, tier, manager, W9/W8 status and revshare paused', async () => {
    const a = await named('Filter One');
    const b = await named('Filter Two');
    await t.app.db.update(users).set({ managerId: staffId, isActive: false }).where(eq(users.id, a.id));
    await t.app.db.update(users).set({ approvalStatus: 'pending' }).where(eq(users.id, b.id));
    await t.app.db.update(affiliateProfiles).set({ revsharePaused: true, legalFormStatus: 'accepted' }).where(eq(affiliateProfiles.userId, a.id));
    const ids = async (q: string) => (await call('GET', `/v1/affiliates?search=Filter&${q}`, staff)).json().data.map((r: { id: number }) => r.id);
    expect(await ids('status=inactive')).toEqual([a.id]);
    expect(await ids('status=pending')).toEqual([b.id]);
    expect(await ids(`manager_id=${staffId}`)).toEqual([a.id]);
    expect(await ids('manager_id=none')).toEqual([b.id]);
    expect(await ids('revshare_paused=true')).toEqual([a.id]);
    expect(await ids('legal_form_status=accepted')).toEqual([a.id]);
    const [tier] = (await call('GET', '/v1/tiers', staff)).json().data;
    expect((await ids(`tier_id=${tier.id}`)).length).toBeGreaterThanOrEqual(0);
  });

  it("shows a manager their own affiliates first", async () => {
    const mine = await named('Managed First');
    await t.app.db.update(users).set({ managerId: staffId, createdAt: new Date('2020-01-01') }).where(eq(users.id, mine.id));
    const first = (await call('GET', '/v1/affiliates?per_page=1', staff)).json().data[0];
    expect(first.manager).toMatchObject({ id: staffId });
  });

  it('exports the filtered list as formula-safe CSV', async () => {
    await named('=HYPERLINK("http://evil")', { company: 'CsvCo' });
    const res = await call('GET', '/v1/affiliates/export.csv?search=CsvCo', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Name,Email');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('actions', () => {
  it('creates an affiliate ("Affiliate created successfully") and refuses a taken email', async () => {
    const payload = { name: 'Created Here', email: 'created-here@example.com', password: 'password-123', country: 'NL', company: 'Made BV' };
    const res = await call('POST', '/v1/affiliates', staff, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Affiliate created successfully', data: { name: 'Created Here', status: 'active', country: 'NL', company: 'Made BV' } });
    const again = await call('POST', '/v1/affiliates', staff, payload);
    expect(again.statusCode).toBe(422);
    expect(again.json().error_code).toBe('unique');
    const blank = await call('POST', '/v1/affiliates', staff, { name: '', email: '', password: '' });
    expect(blank.json().errors).toMatchObject({ name: ['This field is required'], email: ['This field is required'], password: ['This field is required'] });
    const logged = await t.app.db.select().from(events).where(and(eq(events.type, 'affiliate.created'), eq(events.actorId, staffId)));
    expect(logged).toHaveLength(1);
  });

  it('edits an affiliate', async () => {
    const a = await createAffiliate(t.app);
    const res = await call('PATCH', `/v1/affiliates/${a.id}`, staff, { name: 'Edited Name', website: 'https://edited.example', country: 'FR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Affiliate updated successfully', data: { name: 'Edited Name', website: 'https://edited.example', country: 'FR' } });
    expect((await call('PATCH', `/v1/affiliates/${a.id}`, staff, { website: 'not a url' })).json().errors).toEqual({ website: ['This field must be a url.'] });
    expect((await call('PATCH', `/v1/affiliates/${staffId}`, staff, { name: 'Nope' })).statusCode).toBe(404);
  });

  it('deactivates (sessions end at once, links still redirect without counting) and activates', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const res = await call('POST', `/v1/affiliates/${a.id}/deactivate`, staff);
    expect(res.json()).toMatchObject({ message: 'Account deactivated successfully', data: { status: 'inactive', is_active: false } });
    expect((await call('GET', '/v1/user/profile', tokens)).statusCode).toBe(401);
    const open = await t.app.db.select().from(sessions).where(and(eq(sessions.userId, a.id)));
    expect(open.every((s) => s.revokedAt)).toBe(true);
    const back = await call('POST', `/v1/affiliates/${a.id}/activate`, staff);
    expect(back.json()).toMatchObject({ message: 'Account activated successfully', data: { status: 'active' } });
  });

  it("keeps a deactivated affiliate's links redirecting to the site, the click stored with the reason and never counted", async () => {
    const a = await createAffiliate(t.app);
    const tokens = await signIn(t.app, mail, a.email, a.password);
    const ownerTokens = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
    const cat = await createCatalogue(t.app, ownerTokens, { name: 'deactsite', payoutType: 'cpa', payout: 5 });
    const link = await trackingLink(t.app, tokens, cat.offerId, { sub1: 'deact' });
    expect((await click(t.app, link.url)).status).toBe(302);
    await call('POST', `/v1/affiliates/${a.id}/deactivate`, staff);
    const after = await click(t.app, link.url, { ip: '81.2.69.161' });
    expect(after.status).toBe(302);
    expect(after.location?.hostname).toBe('deactsite.example');
    // The site is the last step of the fallback chain (docs/caps.md): the click is kept with why, never unique.
    const stored = await t.app.db.select().from(clicks).where(eq(clicks.affiliateId, a.id)).orderBy(clicks.id);
    expect(stored.map((c) => c.fallbackReason)).toEqual([null, 'affiliate_inactive']);
    expect(stored[1]!.isUnique).toBe(false);
  });

  it('refuses to deactivate the owner', async () => {
    const res = await call('POST', `/v1/affiliates/${ownerId}/deactivate`, staff);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The owner account cannot be deactivated.');
    const bulk = await call('POST', '/v1/affiliates/bulk', staff, { action: 'deactivate', ids: [ownerId] });
    expect(bulk.json().data).toEqual([{ id: ownerId, ok: false, message: 'The owner account cannot be deactivated.' }]);
  });

  it('pauses and unpauses revshare', async () => {
    const a = await createAffiliate(t.app);
    expect((await call('POST', `/v1/affiliates/${a.id}/revshare/pause`, staff)).json()).toMatchObject({ message: 'Revshare paused successfully', data: { revshare_paused: true } });
    expect((await call('POST', `/v1/affiliates/${a.id}/revshare/unpause`, staff)).json()).toMatchObject({ message: 'Revshare unpaused successfully', data: { revshare_paused: false } });
    const logged = await t.app.db.select().from(events).where(and(eq(events.subjectId, a.id), eq(events.actorId, staffId)));
    expect(logged.map((e) => e.type)).toEqual(['affiliate.revshare_paused', 'affiliate.revshare_unpaused']);
  });

  it('assigns a staff manager ("A new manager has been assigned") and a tier; refuses an affiliate as manager', async () => {
    const a = await createAffiliate(t.app);
    const other = await createAffiliate(t.app);
    const managers = (await call('GET', '/v1/affiliates/managers', staff)).json().data;
    expect(managers.some((m: { id: number }) => m.id === staffId)).toBe(true);
    expect(managers.some((m: { id: number }) => m.id === other.id)).toBe(false);
    const res = await call('POST', `/v1/affiliates/${a.id}/manager`, staff, { manager_id: staffId });
    expect(res.json()).toMatchObject({ message: 'A new manager has been assigned', data: { manager: { id: staffId, name: 'Test Staff' } } });
    const bad = await call('POST', `/v1/affiliates/${a.id}/manager`, staff, { manager_id: other.id });
    expect(bad.json().errors).toEqual({ manager_id: ['Choose a staff user as the manager.'] });
    const [tier] = (await call('GET', '/v1/tiers', staff)).json().data;
    const tiered = await call('POST', `/v1/affiliates/${a.id}/tier`, staff, { tier_id: tier.id });
    expect(tiered.json()).toMatchObject({ message: 'Tier assigned successfully', data: { tier: { id: tier.id } } });
    expect((await call('POST', `/v1/affiliates/${a.id}/tier`, staff, { tier_id: '' })).json().errors).toEqual({ tier_id: ['This field is required'] });
  });

  it('sets and removes an offer reward (a custom payout for this affiliate)', async () => {
    const a = await createAffiliate(t.app);
    const site = await call('POST', '/v1/sites', await signIn(t.app, mail, 'owner@example.com', 'owner-password-1'), { name: 'rewardsite', display_name: 'Reward Site', url: 'https://reward.example', type: 'vr' });
    expect(site.statusCode).toBe(201);
    const ownerTokens = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
    const offer = await call('POST', '/v1/offers', ownerTokens, { site_id: site.json().data.id, name: 'Reward offer', payout_type: 'cpa', default_payout: '10' });
    expect(offer.statusCode).toBe(201);
    const offerId = offer.json().data.id;
    const res = await call('POST', `/v1/affiliates/${a.id}/offer-reward`, staff, { offer_id: offerId, amount: '25.50' });
    expect(res.json()).toMatchObject({ message: 'Offer reward saved successfully', data: { amount: 25.5 } });
    const [row] = await t.app.db.select().from(offerPayouts).where(and(eq(offerPayouts.offerId, offerId), eq(offerPayouts.affiliateId, a.id)));
    expect(row?.amount).toBe(2550);
    const removed = await call('POST', `/v1/affiliates/${a.id}/offer-reward`, staff, { offer_id: offerId, amount: '' });
    expect(removed.json()).toMatchObject({ message: 'Offer reward removed successfully', data: { amount: null } });
    expect((await call('POST', `/v1/affiliates/${a.id}/offer-reward`, staff, { offer_id: 999999, amount: '1' })).json().errors).toEqual({ offer_id: ['This offer does not exist.'] });
  });

  it('runs bulk actions with a result per row', async () => {
    const a = await createAffiliate(t.app);
    const b = await createAffiliate(t.app);
    const res = await call('POST', '/v1/affiliates/bulk', staff, { action: 'manager', ids: [a.id, b.id, 999999], manager_id: staffId });
    expect(res.json().data).toEqual([
      { id: a.id, ok: true, message: 'A new manager has been assigned' },
      { id: b.id, ok: true, message: 'A new manager has been assigned' },
      { id: 999999, ok: false, message: 'Affiliate not found.' },
    ]);
    const off = await call('POST', '/v1/affiliates/bulk', staff, { action: 'deactivate', ids: [a.id, b.id] });
    expect(off.json().data.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect((await call('POST', '/v1/affiliates/bulk', staff, { action: 'tier', ids: [a.id] })).json().errors).toEqual({ tier_id: ['This field is required'] });
  });
});

describe('sign-up approval', () => {
  it('keeps a new sign-up pending (no links, a clear message) until staff approve; emails the decision', async () => {
    expect((await call('GET', '/v1/affiliates/signup-approval', staff)).json().data).toEqual({ required: true });
    const email = 'pending-one@example.com';
    const sent = mail.messages.length;
    const reg = await call('POST', '/v1/register', undefined, { first_name: 'Pending', email, password: 'password-123', password_confirmation: 'password-123', accept_terms: true });
    expect(reg.statusCode).toBeLessThan(300);
    // The activation email says that staff review new accounts before links open.
    const activation = await mail.waitFor(email, /Activate your affiliate account/, sent);
    expect(activation.text).toContain('Our team reviews every new account');
    const [u] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(u!.approvalStatus).toBe('pending');
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.id, u!.id));
    const tokens = await signIn(t.app, mail, email, 'password-123');
    expect((await call('GET', '/v1/user/profile', tokens)).json().data.awaiting_approval).toBe(true);
    const link = await call('POST', '/v1/offers/1/tracking-link', tokens, {});
    expect(link.statusCode).toBe(403);
    expect(link.json().error_code).toBe('account_pending_approval');
    const campaign = await call('POST', '/v1/campaigns', tokens, { name: 'Mine', offer_id: 1, destination_type: 'url', destination_url: 'https://example.com/' });
    expect(campaign.json()).toMatchObject({ error_code: 'account_pending_approval', message: link.json().message });
    expect(link.json().message).toBe('Your account is waiting for approval by the network. Tracking links are available once it is approved.');
    expect((await call('GET', `/v1/affiliates?status=pending&search=${email}`, staff)).json().data).toHaveLength(1);
    const before = mail.messages.length;
    const ok = await call('POST', `/v1/affiliates/${u!.id}/approve`, staff);
    expect(ok.json()).toMatchObject({ message: 'Affiliate approved successfully', data: { status: 'active' } });
    await mail.waitFor(email, /approved/, before);
    expect((await call('POST', `/v1/affiliates/${u!.id}/approve`, staff)).statusCode).toBe(409);
    expect((await call('GET', '/v1/user/profile', tokens)).json().data.awaiting_approval).toBe(false);
  });

  it('rejects with a reason: the account closes and the affiliate reads why', async () => {
    const a = await createAffiliate(t.app);
    await t.app.db.update(users).set({ approvalStatus: 'pending' }).where(eq(users.id, a.id));
    expect((await call('POST', `/v1/affiliates/${a.id}/reject`, staff, { reason: '' })).json().errors).toEqual({ reason: ['This field is required'] });
    const before = mail.messages.length;
    const res = await call('POST', `/v1/affiliates/${a.id}/reject`, staff, { reason: 'Traffic sources not allowed' });
    expect(res.json()).toMatchObject({ message: 'Affiliate rejected successfully', data: { status: 'inactive' } });
    const message = await mail.waitFor(a.email, /not approved/, before);
    expect(JSON.stringify(message)).toContain('Traffic sources not allowed');
  });

  it('can be turned off by staff with settings: sign-ups are then approved at once', async () => {
    const settingsStaff = await createStaff(t.app, ['settings']);
    const tokens = await signIn(t.app, mail, settingsStaff.email, settingsStaff.password);
    expect((await call('PUT', '/v1/affiliates/signup-approval', staff, { required: false })).statusCode).toBe(403);
    expect((await call('PUT', '/v1/affiliates/signup-approval', tokens, { required: false })).json().data).toEqual({ required: false });
    const sent = mail.messages.length;
    await call('POST', '/v1/register', undefined, { first_name: 'Direct', email: 'direct-one@example.com', password: 'password-123', password_confirmation: 'password-123', accept_terms: true });
    // No review to announce when sign-ups are approved at once.
    expect((await mail.waitFor('direct-one@example.com', /Activate your affiliate account/, sent)).text).not.toContain('reviews every new account');
    const [u] = await t.app.db.select().from(users).where(eq(users.email, 'direct-one@example.com'));
    expect(u!.approvalStatus).toBe('approved');
    await call('PUT', '/v1/affiliates/signup-approval', tokens, { required: true });
  });
});

describe('login as, made safe', () => {
  async function loginAs(id: number, body: Record<string, unknown>) {
    const res = await call('POST', `/v1/affiliates/${id}/login-as`, staff, body);
    expect(res.statusCode).toBe(200);
    return (await call('POST', '/v1/authentication/login-as-user', undefined, { code: res.json().data.code })).json().data as Tokens;
  }

  it('needs a reason', async () => {
    const a = await createAffiliate(t.app);
    expect((await call('POST', `/v1/affiliates/${a.id}/login-as`, staff, {})).json().errors).toEqual({ reason: ['This field is required'] });
  });

  it('is read-only by default: reads work, writes get a clear 403, logout still works', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await loginAs(a.id, { reason: 'Checking their dashboard' });
    expect((await call('GET', '/v1/user/profile', tokens)).statusCode).toBe(200);
    const banner = (await call('GET', '/v1/login-as/session', tokens)).json().data;
    expect(banner).toEqual({ affiliate: { id: a.id, name: 'Test Affiliate' }, staff: { id: staffId, name: 'Test Staff' }, read_only: true, reason: 'Checking their dashboard' });
    const write = await call('POST', '/v1/campaigns', tokens, { name: 'x' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toContain('read-only');
    expect((await call('POST', '/v1/authentication/logout', tokens, {})).statusCode).toBe(200);
    const [logged] = await t.app.db.select().from(events).where(and(eq(events.type, 'user.login_as'), eq(events.subjectId, a.id)));
    expect(logged!.data).toMatchObject({ reason: 'Checking their dashboard', with_changes: false });
  });

  it('"with changes" allows writes, recorded as such, each carrying both users', async () => {
    const a = await createAffiliate(t.app);
    const tokens = await loginAs(a.id, { reason: 'Fixing their postback', with_changes: true });
    expect((await call('GET', '/v1/login-as/session', tokens)).json().data.read_only).toBe(false);
    const write = await call('POST', '/v1/user/profile', tokens, { company: 'Changed by staff' });
    expect(write.statusCode).toBeLessThan(300);
    const [action] = await t.app.db.select().from(events).where(and(eq(events.type, 'login_as.action'), eq(events.subjectId, a.id)));
    expect(action).toMatchObject({ actorId: a.id, impersonatorId: staffId, subjectId: a.id });
    expect(action!.data).toMatchObject({ method: 'POST', route: '/v1/user/profile' });
    const [opened] = await t.app.db.select().from(events).where(and(eq(events.type, 'user.login_as'), eq(events.subjectId, a.id)));
    expect(opened!.data).toMatchObject({ with_changes: true });
    expect((await call('GET', '/v1/login-as/session', affiliateTokens)).json().data).toBeNull();
  });

  it('never changes how the affiliate signs in: no API token, password or two-step change, while the affiliate still can', async () => {
    const a = await createAffiliate(t.app);
    for (const withChanges of [true, false]) {
      const tokens = await loginAs(a.id, { reason: 'Support ticket', with_changes: withChanges });
      const attempts = [
        await call('POST', '/v1/user/api-tokens', tokens, { name: 'Kept after the session', scopes: ['statistics:read'] }),
        await call('POST', '/v1/user/password', tokens, { current_password: a.password, password: 'taken-over-1', password_confirmation: 'taken-over-1' }),
        await call('PUT', '/v1/user/two-step', tokens, { enabled: true, current_password: a.password }),
      ];
      const signInSettings = 'A login-as session cannot change sign-in settings: API tokens, password, email and two-step sign-in stay with the affiliate.';
      // Read-only or with changes, each names the sign-in settings.
      expect(attempts.map((res) => [res.statusCode, res.json()])).toEqual([
        [403, { error_code: 'forbidden', message: signInSettings }],
        [403, { error_code: 'forbidden', message: signInSettings }],
        [403, { error_code: 'forbidden', message: signInSettings }],
      ]);
    }
    // Nothing changed: no token, the same password, two-step still off.
    expect((await call('GET', '/v1/user/profile', await signIn(t.app, mail, a.email, a.password))).json().data.two_step_enabled).toBe(false);
    const own = await signIn(t.app, mail, a.email, a.password);
    expect((await call('GET', '/v1/user/api-tokens', own)).json().data).toEqual([]);
    // The affiliate's own session still does all three.
    expect((await call('POST', '/v1/user/api-tokens', own, { name: 'Mine', scopes: ['statistics:read'] })).statusCode).toBe(201);
    expect((await call('PUT', '/v1/user/two-step', own, { enabled: true, current_password: a.password })).statusCode).toBe(200);
    expect((await call('POST', '/v1/user/password', own, { current_password: a.password, password: 'changed-by-me-1', password_confirmation: 'changed-by-me-1' })).statusCode).toBe(200);
  });
});
