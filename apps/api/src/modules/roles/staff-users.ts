import { roleMessages, type StaffUser, type staffInviteRequestSchema, type staffUserUpdateSchema } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createUser, updateStaffFields } from '../accounts/index.ts';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError, UniqueError, ValidationError } from '../../lib/errors.ts';
import { issueToken } from '../auth/index.ts';
import { type EmailDeps, sendEmail } from '../email/index.ts';
import { endSessions } from './service.ts';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

const select = (db: Db) =>
  db
    .select({ u: users, roleName: roles.displayName, roleActive: roles.isActive })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const toStaffUser = ({ u, roleName, roleActive }: Row): StaffUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.roleId !== null && roleName !== null ? { id: u.roleId, display_name: roleName, is_active: roleActive ?? true } : null,
  is_active: u.isActive,
  is_owner: u.isOwner,
  invitation_pending: u.passwordHash === null,
  created_at: u.createdAt.toISOString(),
});

export async function listStaffUsers(db: Db): Promise<StaffUser[]> {
  return (await select(db).where(eq(users.isClient, false)).orderBy(asc(users.name), asc(users.id))).map(toStaffUser);
}

export async function getStaffUser(db: Db, id: number): Promise<StaffUser> {
  const [row] = await select(db).where(sql`${users.id} = ${id} and ${users.isClient} = false`);
  if (!row) throw new NotFoundError('User not found.');
  return toStaffUser(row);
}

async function assertRole(db: Db, roleId: number): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new ValidationError({ role_id: [roleMessages.roleMissing] });
}

/**
 * Invites a staff user: an account without a password, and an email whose link (the password
 * reset page, valid for 7 days) lets them set one. Staff then sign in with two-step codes.
 */
export async function inviteStaffUser(
  deps: EmailDeps,
  input: z.output<typeof staffInviteRequestSchema>,
  inviter: { name: string },
): Promise<StaffUser> {
  const { db } = deps;
  await assertRole(db, input.role_id);
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (taken) throw new UniqueError('email', roleMessages.emailTaken);
  const user = await createUser(db, { email: input.email, name: input.name, isClient: false, roleId: input.role_id, isActive: true, twoStepEnabled: true, passwordHash: null });
  const token = await issueToken(db, 'password_reset', { userId: user!.id, ttlMs: INVITE_TTL_MS, data: { invite: true } });
  const url = `${deps.config.publicUrl}/password-reset?${new URLSearchParams({ token }).toString()}`;
  const [role] = await db.select({ name: roles.displayName }).from(roles).where(eq(roles.id, input.role_id));
  await sendEmail(deps, 'staff_invite', { to: input.email, vars: { name: input.name, email: input.email, role: role?.name ?? '', inviter: inviter.name, link: url } });
  return getStaffUser(db, user!.id);
}

/** Changes a staff user's name, role or state; deactivating ends their sessions. The owner keeps every permission. */
export async function updateStaffUser(db: Db, id: number, input: z.output<typeof staffUserUpdateSchema>): Promise<StaffUser> {
  const current = await getStaffUser(db, id);
  if (current.is_owner && (input.is_active === false || (input.role_id !== undefined && input.role_id !== current.role?.id))) {
    throw new AppError('conflict', roleMessages.ownerUser);
  }
  if (input.role_id !== undefined) await assertRole(db, input.role_id);
  await updateStaffFields(db, id, { name: input.name, roleId: input.role_id, isActive: input.is_active });
  if (input.is_active === false) await endSessions(db, [id], 'deactivated');
  return getStaffUser(db, id);
}
