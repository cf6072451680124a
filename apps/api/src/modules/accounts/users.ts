import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A person's row: an affiliate (`is_client`) or a staff user. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Adds a person. With `ifAbsent` an address already taken adds nothing and answers `undefined`
 * (sign-up and staff's new affiliate check the address first; this closes the race).
 */
export async function createUser(db: Db, values: NewUser, options: { ifAbsent?: boolean } = {}): Promise<UserRow | undefined> {
  const insert = db.insert(users).values(values);
  const [row] = options.ifAbsent ? await insert.onConflictDoNothing().returning() : await insert.returning();
  return row;
}

/** The emailed activation link: active, and the address verified (kept if it already was). */
export async function activateUser(db: Db, id: number): Promise<void> {
  await db.update(users).set({ isActive: true, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() }).where(eq(users.id, id));
}

/**
 * A new password hash (hashed by the caller). `verifiesEmail`: it came through an emailed link,
 * which proves the address.
 */
export async function setPasswordHash(db: Db, id: number, passwordHash: string, options: { verifiesEmail?: boolean } = {}): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), ...(options.verifiesEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}) })
    .where(eq(users.id, id));
}

export async function setTwoStepSignIn(db: Db, id: number, enabled: boolean): Promise<void> {
  await db.update(users).set({ twoStepEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The avatar's stored file, or null for the initials. */
export async function setAvatar(db: Db, id: number, avatarUuid: string | null): Promise<void> {
  await db.update(users).set({ avatarUuid, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The person's own fields (the name, the email): only those given change; `updated_at` always moves. */
export async function updateUserFields(db: Db, id: number, fields: { name?: string; email?: string }): Promise<void> {
  await db
    .update(users)
    .set({ ...(fields.name !== undefined ? { name: fields.name } : {}), ...(fields.email !== undefined ? { email: fields.email } : {}), updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Active or not; `verifyEmail` marks the address verified now (an affiliate staff activate). */
export async function setActive(db: Db, id: number, active: boolean, options: { verifyEmail?: boolean } = {}): Promise<void> {
  await db
    .update(users)
    .set({ isActive: active, updatedAt: new Date(), ...(options.verifyEmail ? { emailVerifiedAt: new Date() } : {}) })
    .where(eq(users.id, id));
}

/**
 * Staff's decision on a waiting sign-up: approved, or rejected with a reason (and the account
 * closed). Only while it still waits: false when another decision came first.
 */
export async function decideSignUp(db: Db, id: number, decision: { status: 'approved' } | { status: 'rejected'; reason: string }): Promise<boolean> {
  const done = await db
    .update(users)
    .set(
      decision.status === 'approved'
        ? { approvalStatus: 'approved', approvalReason: null, updatedAt: new Date() }
        : { approvalStatus: 'rejected', approvalReason: decision.reason, isActive: false, updatedAt: new Date() },
    )
    .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
    .returning({ id: users.id });
  return done.length > 0;
}

/** The staff user who manages the affiliate, or none. */
export async function setManager(db: Db, id: number, managerId: number | null): Promise<void> {
  await db.update(users).set({ managerId, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setTier(db: Db, id: number, tierId: number): Promise<void> {
  await db.update(users).set({ tierId, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Every affiliate of one tier moves to another (or to none): answers who moved. */
export async function moveTierMembers(db: Db, fromTierId: number, toTierId: number | null): Promise<number[]> {
  const moved = await db.update(users).set({ tierId: toTierId, updatedAt: new Date() }).where(eq(users.tierId, fromTierId)).returning({ id: users.id });
  return moved.map((m) => m.id);
}

/** A staff user's name, role and state: only those given change. */
export async function updateStaffFields(db: Db, id: number, fields: { name?: string | undefined; roleId?: number | undefined; isActive?: boolean | undefined }): Promise<void> {
  await db
    .update(users)
    .set({
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.roleId !== undefined ? { roleId: fields.roleId } : {}),
      ...(fields.isActive !== undefined ? { isActive: fields.isActive } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

/** A role goes: everyone holding it is deactivated and loses it. Answers who. */
export async function deactivateRoleHolders(db: Db, roleId: number): Promise<number[]> {
  const holders = await db.update(users).set({ isActive: false, roleId: null, updatedAt: new Date() }).where(eq(users.roleId, roleId)).returning({ id: users.id });
  return holders.map((h) => h.id);
}

/** The referral code, unless the person has one already (two first views at once: one wins). */
export async function setReferralCodeIfNone(db: Db, id: number, code: string): Promise<void> {
  await db.update(users).set({ referralCode: code }).where(and(eq(users.id, id), isNull(users.referralCode)));
}
