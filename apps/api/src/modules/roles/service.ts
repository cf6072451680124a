import { type Permission, permissions as allPermissions, type Role, roleMessages, type roleInputSchema, type roleUpdateSchema } from '@portal/contracts';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { deactivateRoleHolders } from '../accounts/index.ts';
import type { Db } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError, UniqueError } from '../../lib/errors.ts';

type RoleRow = typeof roles.$inferSelect;

async function ownerRoleIds(db: Db): Promise<Set<number>> {
  const rows = await db.select({ roleId: users.roleId }).from(users).where(eq(users.isOwner, true));
  return new Set(rows.map((r) => r.roleId).filter((id): id is number => id !== null));
}

function toRole(row: RoleRow, usersCount: number, ownerRoles: Set<number>): Role {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    permissions: row.permissions.filter((p): p is Permission => (allPermissions as readonly string[]).includes(p)),
    is_active: row.isActive,
    assigned_affiliates_only: row.assignedAffiliatesOnly,
    is_owner_role: ownerRoles.has(row.id),
    users_count: usersCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** Staff roles with how many users hold each (active or not). */
export async function listRoles(db: Db): Promise<Role[]> {
  const [rows, counts, owners] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.displayName), asc(roles.id)),
    db.select({ roleId: users.roleId, n: count() }).from(users).where(eq(users.isClient, false)).groupBy(users.roleId),
    ownerRoleIds(db),
  ]);
  const byRole = new Map(counts.map((c) => [c.roleId, c.n]));
  return rows.map((r) => toRole(r, byRole.get(r.id) ?? 0, owners));
}

export async function getRole(db: Db, id: number): Promise<Role> {
  const role = (await listRoles(db)).find((r) => r.id === id);
  if (!role) throw new NotFoundError('Role not found.');
  return role;
}

async function assertNameFree(db: Db, name: string, id?: number): Promise<void> {
  const [clash] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (clash && clash.id !== id) throw new UniqueError('name', roleMessages.nameTaken);
}

export async function createRole(db: Db, input: z.output<typeof roleInputSchema>): Promise<Role> {
  await assertNameFree(db, input.name);
  const [row] = await db.insert(roles).values({ name: input.name, displayName: input.display_name, permissions: input.permissions, isActive: input.is_active, assignedAffiliatesOnly: input.assigned_affiliates_only }).returning();
  return getRole(db, row!.id);
}

/** The owner's role keeps every permission and stays active. */
export async function updateRole(db: Db, id: number, input: z.output<typeof roleUpdateSchema>): Promise<Role> {
  const current = await getRole(db, id);
  if (current.is_owner_role) {
    const losesPermission = input.permissions && allPermissions.some((p) => !input.permissions!.includes(p));
    if (losesPermission || input.is_active === false || input.assigned_affiliates_only === true) throw new AppError('conflict', roleMessages.ownerRole);
  }
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.display_name !== undefined ? { displayName: input.display_name } : {}),
    ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
    ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
    ...(input.assigned_affiliates_only !== undefined ? { assignedAffiliatesOnly: input.assigned_affiliates_only } : {}),
  };
  // A PATCH naming none of the role's fields changes nothing.
  if (Object.keys(changes).length === 0) return current;
  await db.update(roles).set(changes).where(eq(roles.id, id));
  return getRole(db, id);
}

/** Ends every open session of these users (deactivation takes effect at once). */
export async function endSessions(db: Db, userIds: number[], reason: string): Promise<void> {
  if (!userIds.length) return;
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}

/** Deletes a role: its users are deactivated, lose the role and are signed out, in one transaction. */
export async function deleteRole(db: Db, id: number): Promise<{ role: Role; deactivated: number[] }> {
  const role = await getRole(db, id);
  if (role.is_owner_role) throw new AppError('conflict', roleMessages.ownerRole);
  const deactivated = await db.transaction(async (tx) => {
    const ids = await deactivateRoleHolders(tx, id);
    await endSessions(tx, ids, 'role_deleted');
    await tx.delete(roles).where(eq(roles.id, id));
    return ids;
  });
  return { role, deactivated };
}
