import type { TokenPair } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { affiliateProfiles, roles, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { MailCatcher } from './mail-catcher.ts';

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++seq}@example.com`;

/** An affiliate inserted directly (sign-up itself is tested through the API). */
export async function createAffiliate(app: FastifyInstance, opts: { email?: string; password?: string; active?: boolean; twoStep?: boolean } = {}) {
  const email = opts.email ?? uniqueEmail('affiliate');
  const password = opts.password ?? 'affiliate-pass-1';
  const [u] = await app.db
    .insert(users)
    .values({ email, name: 'Test Affiliate', passwordHash: await hashPassword(password), isClient: true, isActive: opts.active ?? true, twoStepEnabled: opts.twoStep ?? false })
    .returning();
  await app.db.insert(affiliateProfiles).values({ userId: u!.id });
  return { id: u!.id, email, password };
}

export async function createStaff(app: FastifyInstance, permissions: string[], opts: { email?: string; password?: string; assignedAffiliatesOnly?: boolean } = {}) {
  const email = opts.email ?? uniqueEmail('staff');
  const password = opts.password ?? 'staff-pass-123';
  const [role] = await app.db
    .insert(roles)
    .values({ name: `role_${++seq}_${Date.now()}`, displayName: 'Test Role', permissions, assignedAffiliatesOnly: opts.assignedAffiliatesOnly ?? false })
    .returning();
  const [u] = await app.db
    .insert(users)
    .values({ email, name: 'Test Staff', passwordHash: await hashPassword(password), isClient: false, roleId: role!.id, isActive: true })
    .returning();
  return { id: u!.id, email, password };
}

/** Signs in through the API, completing two-step sign-in with the code from the mail catcher. */
export async function signIn(app: FastifyInstance, mail: MailCatcher, email: string, password: string): Promise<TokenPair> {
  const before = mail.messages.length;
  const res = await app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const data = res.json().data;
  if (data.access_token) return data;
  const code = MailCatcher.code(await mail.waitFor(email, /sign-in code/, before));
  const confirm = await app.inject({ method: 'POST', url: '/v2/authentication/confirm', payload: { session_token: data.session_token, code } });
  if (confirm.statusCode !== 200) throw new Error(`confirm ${confirm.statusCode}: ${confirm.body}`);
  return confirm.json().data;
}

export const bearer = (t: { access_token: string }) => ({ authorization: `Bearer ${t.access_token}` });
