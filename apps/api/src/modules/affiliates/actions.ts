import { affiliateMessages as msg, authMessages, type affiliateCreateRequestSchema, type affiliateUpdateSchema, type Manager } from '@portal/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, tiers, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError, UniqueError, ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { hashPassword } from '../../lib/password.ts';
import {
  type AffiliateProfileFields,
  createAffiliateProfile,
  createUser,
  ensureAffiliateProfile,
  setActive as setAccountActive,
  setManager,
  setTier,
  updateAffiliateProfile,
  updateUserFields,
} from '../accounts/index.ts';
import { revokeAllSessions } from '../auth/index.ts';

/** Who did it, from where: every write names the staff user (and the address) in the event history. */
export interface Actor {
  id: number;
  ip?: string | undefined;
}

type UserRow = typeof users.$inferSelect;

/** The affiliate with this id, or 404: staff users are never addressed by these routes. */
export async function affiliateOrThrow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.isClient, true)));
  if (!row) throw new NotFoundError(msg.notFound);
  return row;
}

async function ensureProfile(db: Db, userId: number): Promise<void> {
  await ensureAffiliateProfile(db, userId);
}

/** Active staff users: who may manage an affiliate. */
export async function listManagers(db: Db): Promise<Manager[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isClient, false), eq(users.isActive, true), sql`coalesce(${roles.isActive}, true)`))
    .orderBy(asc(users.name), asc(users.id));
}

async function checkManager(db: Db, managerId: number | null | undefined): Promise<void> {
  if (!managerId) return;
  const [m] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, managerId), eq(users.isClient, false), eq(users.isActive, true)));
  if (!m) throw new ValidationError({ manager_id: [msg.managerUnknown] });
}

async function checkTier(db: Db, tierId: number | null | undefined): Promise<void> {
  if (!tierId) return;
  const [t] = await db.select({ id: tiers.id }).from(tiers).where(eq(tiers.id, tierId));
  if (!t) throw new ValidationError({ tier_id: [msg.tierUnknown] });
}

async function emailFree(db: Db, email: string, except?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ...(except ? [ne(users.id, except)] : [])));
  if (taken) throw new UniqueError('email', authMessages.emailTaken);
}

/** POST /v1/affiliates: an active, approved affiliate with the default tier unless one is chosen. */
export async function createAffiliate(db: Db, actor: Actor, input: z.output<typeof affiliateCreateRequestSchema>): Promise<number> {
  await emailFree(db, input.email);
  await checkTier(db, input.tier_id);
  await checkManager(db, input.manager_id);
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const [tier] = input.tier_id ? [{ id: input.tier_id }] : await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.isDefault, true));
    const created = await createUser(
      tx,
      {
        email: input.email,
        name: input.name,
        passwordHash,
        isClient: true,
        isActive: true,
        approvalStatus: 'approved',
        emailVerifiedAt: new Date(),
        tierId: tier?.id ?? null,
        managerId: input.manager_id ?? null,
      },
      { ifAbsent: true },
    );
    if (!created) throw new UniqueError('email', authMessages.emailTaken);
    await createAffiliateProfile(tx, { userId: created.id, company: input.company, website: input.website, country: input.country });
    return created.id;
  });
  await recordEvent(db, 'affiliate.created', { actorId: actor.id, subjectId: id, ip: actor.ip, data: { email: input.email } });
  return id;
}

/** PATCH /v1/affiliates/{id}: only the fields sent change. */
export async function updateAffiliate(db: Db, actor: Actor, id: number, input: z.output<typeof affiliateUpdateSchema>): Promise<void> {
  const before = await affiliateOrThrow(db, id);
  if (input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase()) await emailFree(db, input.email, id);
  const userSet: { name?: string; email?: string } = {};
  if (input.name !== undefined) userSet.name = input.name;
  if (input.email !== undefined) userSet.email = input.email;
  const profileSet: AffiliateProfileFields = {};
  if (input.company !== undefined) profileSet.company = input.company;
  if (input.website !== undefined) profileSet.website = input.website;
  if (input.country !== undefined) profileSet.country = input.country;
  if (input.phone !== undefined) profileSet.phone = input.phone;
  if (input.chat_id !== undefined) profileSet.chatId = input.chat_id;
  await db.transaction(async (tx) => {
    if (Object.keys(userSet).length) await updateUserFields(tx, id, userSet);
    if (Object.keys(profileSet).length) {
      await ensureProfile(tx, id);
      await updateAffiliateProfile(tx, id, profileSet);
    }
  });
  await recordEvent(db, 'affiliate.updated', { actorId: actor.id, subjectId: id, objectId: id, ip: actor.ip, before: { name: before.name, email: before.email }, after: input });
}

/** Activates or deactivates an account; deactivating ends every session at once and never touches the owner. */
export async function setActive(db: Db, actor: Actor, id: number, active: boolean): Promise<void> {
  const [target] = await db.select().from(users).where(eq(users.id, id));
  if (target?.isOwner && !active) throw new AppError('forbidden', msg.ownerNotDeactivated);
  if (!target?.isClient) throw new NotFoundError(msg.notFound);
  await setAccountActive(db, id, active, { verifyEmail: active && !target.emailVerifiedAt });
  if (!active) await revokeAllSessions(db, id, 'deactivated');
  await recordEvent(db, active ? 'affiliate.activated' : 'affiliate.deactivated', { actorId: actor.id, subjectId: id, objectId: id, ip: actor.ip, before: { is_active: target.isActive }, after: { is_active: active } });
}

/** Pauses or resumes revshare earnings (offers/payout-rates.ts reads the flag). */
export async function setRevsharePaused(db: Db, actor: Actor, id: number, paused: boolean): Promise<void> {
  await affiliateOrThrow(db, id);
  await ensureProfile(db, id);
  await updateAffiliateProfile(db, id, { revsharePaused: paused });
  await recordEvent(db, paused ? 'affiliate.revshare_paused' : 'affiliate.revshare_unpaused', { actorId: actor.id, subjectId: id, objectId: id, ip: actor.ip, after: { revshare_paused: paused } });
}

/** Assigns a staff user as the affiliate's manager, or removes the manager (null). */
export async function assignManager(db: Db, actor: Actor, id: number, managerId: number | null): Promise<void> {
  const before = await affiliateOrThrow(db, id);
  await checkManager(db, managerId);
  await setManager(db, id, managerId);
  await recordEvent(db, 'affiliate.manager_assigned', { actorId: actor.id, subjectId: id, objectId: id, ip: actor.ip, before: { manager_id: before.managerId }, after: { manager_id: managerId } });
}

/** Puts the affiliate in a tier (their payouts follow the tier's custom payouts). */
export async function assignTier(db: Db, actor: Actor, id: number, tierId: number): Promise<void> {
  const before = await affiliateOrThrow(db, id);
  await checkTier(db, tierId);
  await setTier(db, id, tierId);
  await recordEvent(db, 'affiliate.tier_assigned', { actorId: actor.id, subjectId: id, objectId: id, ip: actor.ip, before: { tier_id: before.tierId }, after: { tier_id: tierId } });
}
