import type { Role, StaffUser } from '@portal/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'https://portal.example' });
  owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Tokens, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
const me = (who: Tokens) => call('GET', '/v1/user/profile?include=assigned_permissions', who);

async function createRole(name: string, permissions: string[]): Promise<Role> {
  const res = await call('POST', '/v1/roles', owner, { name, display_name: name.replace(/_/g, ' '), permissions });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

/** Invites through the API, follows the emailed link to set a password, and signs in. */
async function invite(email: string, roleId: number): Promise<{ user: StaffUser; tokens: Tokens }> {
  const before = mail.messages.length;
  const res = await call('POST', '/v1/staff-users', owner, { email, name: 'Invited Person', role_id: roleId });
  expect(res.statusCode).toBe(201);
  const message = await mail.waitFor(email, /invited/, before);
  const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  expect(token).toBeTruthy();
  const set = await t.app.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password: 'invited-pass-1', password_confirmation: 'invited-pass-1' } });
  expect(set.statusCode).toBe(200);
  // Setting the first password from the invitation signs the person in: its tokens work at once.
  const given = set.json().data.tokens;
  expect(given).toMatchObject({ token_type: 'Bearer' });
  const signedIn = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: { authorization: `Bearer ${given.access_token}` } });
  expect(signedIn.json().data).toMatchObject({ email, is_client: false });
  return { user: res.json().data, tokens: await signIn(t.app, mail, email, 'invited-pass-1') };
}

describe('roles', () => {
  it("lists the owner's role with every permission, and keeps them", async () => {
    const list: Role[] = (await call('GET', '/v1/roles', owner)).json().data;
    const ownerRole = list.find((r) => r.is_owner_role)!;
    expect(ownerRole).toMatchObject({ name: 'owner', users_count: 1, is_active: true });
    expect(ownerRole.permissions).toHaveLength(9);
    const lose = await call('PATCH', `/v1/roles/${ownerRole.id}`, owner, { permissions: ['dashboard'] });
    expect(lose.statusCode).toBe(409);
    expect((await call('PATCH', `/v1/roles/${ownerRole.id}`, owner, { is_active: false })).statusCode).toBe(409);
    expect((await call('DELETE', `/v1/roles/${ownerRole.id}`, owner)).statusCode).toBe(409);
    expect((await call('PATCH', `/v1/roles/${ownerRole.id}`, owner, { display_name: 'Network owner' })).json().data.display_name).toBe('Network owner');
  });

  it('creates and edits a role, validates it, and records the change', async () => {
    const role = await createRole('support', ['dashboard']);
    expect(role).toMatchObject({ display_name: 'support', permissions: ['dashboard'], users_count: 0, is_owner_role: false });
    const edit = await call('PATCH', `/v1/roles/${role.id}`, owner, { display_name: 'Support desk', permissions: ['dashboard', 'affiliates'] });
    expect(edit.json()).toMatchObject({ data: { display_name: 'Support desk', permissions: ['dashboard', 'affiliates'] }, message: 'Role updated successfully' });
    const bad = await call('POST', '/v1/roles', owner, { name: 'support', display_name: '', permissions: ['flying'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ display_name: ['This field is required'], permissions: expect.any(Array) });
    const taken = await call('POST', '/v1/roles', owner, { name: 'support', display_name: 'Again' });
    expect(taken.json()).toMatchObject({ error_code: 'unique', errors: { name: ['A role with this name already exists.'] } });
    const events = (await call('GET', '/v1/events?object_type=role&action=updated', owner)).json().data;
    expect(events[0]).toMatchObject({ object_id: String(role.id), before: { display_name: 'support' }, after: { display_name: 'Support desk' } });
  });

  it('deleting a role with users deactivates them and ends their sessions', async () => {
    const role = await createRole('doomed', ['dashboard', 'statistics']);
    const a = await invite('doomed-a@example.com', role.id);
    const b = await invite('doomed-b@example.com', role.id);
    expect((await me(a.tokens)).statusCode).toBe(200);
    expect((await call('GET', '/v1/roles', owner)).json().data.find((r: Role) => r.id === role.id).users_count).toBe(2);

    const res = await call('DELETE', `/v1/roles/${role.id}`, owner);
    expect(res.json()).toMatchObject({ data: { deactivated_users: 2 }, message: 'Role deleted successfully' });
    expect((await me(a.tokens)).statusCode).toBe(401);
    expect((await me(b.tokens)).statusCode).toBe(401);
    const open = await t.app.db.select().from(sessions).where(and(eq(sessions.userId, a.user.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ isActive: false, roleId: null });
    const login = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: 'doomed-a@example.com', password: 'invited-pass-1' } });
    expect(login.json().error_code).toBe('user_inactive');
    const events = (await call('GET', `/v1/events?user_id=${a.user.id}&action=deactivated`, owner)).json().data;
    expect(events[0]).toMatchObject({ object_type: 'staff_user', before: { is_active: true }, after: { is_active: false } });
  });

  it('a deactivated role locks its users out until it is activated again', async () => {
    const role = await createRole('seasonal', ['dashboard']);
    const s = await invite('seasonal@example.com', role.id);
    expect((await call('PATCH', `/v1/roles/${role.id}`, owner, { is_active: false })).json().message).toBe('Role deactivated successfully');
    expect((await me(s.tokens)).statusCode).toBe(401);
    expect((await call('PATCH', `/v1/roles/${role.id}`, owner, { is_active: true })).json().message).toBe('Role activated successfully');
    expect((await me(s.tokens)).statusCode).toBe(200);
  });
});

describe('staff users', () => {
  it('invites by email: the link sets a password and the new user signs in with the role', async () => {
    const role = await createRole('content', ['announcements']);
    const before = mail.messages.length;
    const { user, tokens } = await invite('new.staff@example.com', role.id);
    expect(user).toMatchObject({ email: 'new.staff@example.com', role: { id: role.id }, invitation_pending: true, is_active: true });
    const message = mail.messages.slice(before).find((m) => m.to.includes('new.staff@example.com'))!;
    expect(message.subject).toMatch(/^You are invited to /);
    expect(message.text).toContain('invited you to the');
    expect(message.text).toContain('https://portal.example/password-reset?token=');
    const profile = (await me(tokens)).json().data;
    expect(profile).toMatchObject({ is_client: false, assigned_permissions: ['announcements'] });
    expect((await call('GET', '/v1/staff-users', owner)).json().data.find((u: StaffUser) => u.id === user.id).invitation_pending).toBe(false);
    // A later forgotten-password reset is no invitation: it asks the person to sign in (SPEC.md section 4).
    const forgot = mail.messages.length;
    await t.app.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: 'new.staff@example.com' } });
    const resetMail = await mail.waitFor('new.staff@example.com', /reset/i, forgot);
    const resetToken = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(resetMail.text)?.[1];
    const reset = await t.app.inject({ method: 'POST', url: '/v1/password/reset', payload: { token: resetToken, password: 'invited-pass-2', password_confirmation: 'invited-pass-2' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.tokens).toBeUndefined();
    const again = await call('POST', '/v1/staff-users', owner, { email: 'NEW.staff@example.com', name: 'Twice', role_id: role.id });
    expect(again.json()).toMatchObject({ error_code: 'unique', errors: { email: ['A user with this email already exists.'] } });
    const blank = await call('POST', '/v1/staff-users', owner, { email: '', name: '', role_id: '' });
    expect(blank.json().errors).toMatchObject({ email: ['This field is required'], name: ['This field is required'], role_id: ['This field is required'] });
  });

  it('assigns a role and deactivates, ending the sessions; the owner cannot be deactivated or lose a permission', async () => {
    const first = await createRole('first_line', ['dashboard']);
    const second = await createRole('second_line', ['dashboard', 'payouts']);
    const { user, tokens } = await invite('mover@example.com', first.id);
    const moved = await call('PATCH', `/v1/staff-users/${user.id}`, owner, { role_id: second.id });
    expect(moved.json()).toMatchObject({ data: { role: { id: second.id } }, message: 'User updated successfully' });
    expect((await me(tokens)).json().data.assigned_permissions).toEqual(['dashboard', 'payouts']);
    expect((await call('PATCH', `/v1/staff-users/${user.id}`, owner, { is_active: false })).json().data.is_active).toBe(false);
    expect((await me(tokens)).statusCode).toBe(401);

    const ownerUser = (await call('GET', '/v1/staff-users', owner)).json().data.find((u: StaffUser) => u.is_owner);
    expect((await call('PATCH', `/v1/staff-users/${ownerUser.id}`, owner, { is_active: false })).json()).toMatchObject({ error_code: 'conflict', message: 'The owner cannot be deactivated or lose a permission.' });
    expect((await call('PATCH', `/v1/staff-users/${ownerUser.id}`, owner, { role_id: first.id })).statusCode).toBe(409);
    expect((await me(owner)).statusCode).toBe(200);
  });
});

describe('tiers', () => {
  it('creates and renames tiers; one is the default for new sign-ups', async () => {
    const gold = await call('POST', '/v1/tiers', owner, { name: 'Gold', is_default: true });
    expect(gold.statusCode).toBe(201);
    const id = gold.json().data.id;
    const list = (await call('GET', '/v1/tiers', owner)).json().data as Array<{ name: string; is_default: boolean }>;
    expect(list.filter((tier) => tier.is_default).map((tier) => tier.name)).toEqual(['Gold']);
    expect((await call('PATCH', `/v1/tiers/${id}`, owner, { name: 'Platinum', is_default: true })).json().data.name).toBe('Platinum');
    expect((await call('POST', '/v1/tiers', owner, { name: 'Platinum' })).json().error_code).toBe('unique');
    expect((await call('GET', '/v1/events?object_type=tier&action=updated', owner)).json().data[0]).toMatchObject({ before: { name: 'Gold' }, after: { name: 'Platinum' } });
  });
});
