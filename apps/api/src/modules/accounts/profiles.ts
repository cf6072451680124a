import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles } from '../../db/schema/index.ts';

export type NewAffiliateProfile = typeof affiliateProfiles.$inferInsert;
/** The fields of an affiliate's profile a caller may set (the user id aside). */
export type AffiliateProfileFields = Partial<Omit<NewAffiliateProfile, 'userId' | 'updatedAt'>>;

/** A new affiliate's profile, made with the account in the same transaction. */
export async function createAffiliateProfile(db: Db, values: NewAffiliateProfile): Promise<void> {
  await db.insert(affiliateProfiles).values(values);
}

/** The profile of an affiliate made before profiles were, or by a path that made none: an empty one. */
export async function ensureAffiliateProfile(db: Db, userId: number): Promise<void> {
  await db.insert(affiliateProfiles).values({ userId }).onConflictDoNothing();
}

/** Sets these fields, making the profile if it is missing (the affiliate's own details). */
export async function saveAffiliateProfile(db: Db, userId: number, fields: AffiliateProfileFields): Promise<void> {
  await db
    .insert(affiliateProfiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: affiliateProfiles.userId, set: { ...fields, updatedAt: new Date() } });
}

/** Sets these fields of a profile that exists (`ensureAffiliateProfile` first where it may not). */
export async function updateAffiliateProfile(db: Db, userId: number, fields: AffiliateProfileFields): Promise<void> {
  await db
    .update(affiliateProfiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(affiliateProfiles.userId, userId));
}

/** Staff's review of the affiliate's details: approved, or rejected with a reason (which answers an earlier appeal). */
export async function reviewAffiliateInfo(db: Db, userId: number, staffId: number, decision: { status: 'approved' } | { status: 'rejected'; reason: string }): Promise<void> {
  await db
    .update(affiliateProfiles)
    .set(
      decision.status === 'approved'
        ? { infoStatus: 'approved', infoRejectReason: null, infoReviewedAt: new Date(), infoReviewedBy: staffId, updatedAt: new Date() }
        : { infoStatus: 'rejected', infoRejectReason: decision.reason, infoReviewedAt: new Date(), infoReviewedBy: staffId, appealMessage: null, appealedAt: null, updatedAt: new Date() },
    )
    .where(eq(affiliateProfiles.userId, userId));
}

/** The affiliate sends rejected details back for review: false when they were not rejected. */
export async function appealAffiliateInfo(db: Db, userId: number, message: string): Promise<boolean> {
  const rows = await db
    .update(affiliateProfiles)
    .set({ infoStatus: 'pending', appealMessage: message, appealedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(affiliateProfiles.userId, userId), eq(affiliateProfiles.infoStatus, 'rejected')))
    .returning({ id: affiliateProfiles.userId });
  return rows.length > 0;
}

/** The affiliate's tax form status on their profile (made if missing). */
export async function setLegalFormStatus(
  db: Db,
  userId: number,
  values: { status: NonNullable<NewAffiliateProfile['legalFormStatus']>; expiresAt?: Date | null; declined?: boolean },
): Promise<void> {
  const set = { legalFormStatus: values.status, legalFormExpiresAt: values.expiresAt ?? null, legalFormDeclined: values.declined ?? false, updatedAt: sql`now()` };
  await db
    .insert(affiliateProfiles)
    .values({ userId, legalFormStatus: values.status, legalFormExpiresAt: values.expiresAt ?? null, legalFormDeclined: values.declined ?? false })
    .onConflictDoUpdate({ target: affiliateProfiles.userId, set });
}
