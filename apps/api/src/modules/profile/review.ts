import type { ProfileInfoStatus, ProfileReview } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { appealAffiliateInfo, ensureAffiliateProfile, reviewAffiliateInfo } from '../accounts/index.ts';
import { type EmailDeps, sendEmail } from '../email/index.ts';

type Row = Pick<typeof affiliateProfiles.$inferSelect, 'infoStatus' | 'infoRejectReason' | 'infoReviewedAt' | 'appealMessage' | 'appealedAt'>;

export function describeReview(p: Row | null | undefined): ProfileReview {
  return {
    status: (p?.infoStatus ?? 'pending') as ProfileInfoStatus,
    reject_reason: p?.infoStatus === 'rejected' ? (p.infoRejectReason ?? null) : null,
    reviewed_at: p?.infoReviewedAt?.toISOString() ?? null,
    appeal_message: p?.appealMessage ?? null,
    appealed_at: p?.appealedAt?.toISOString() ?? null,
  };
}

async function affiliateExists(db: Db, affiliateId: number): Promise<void> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, affiliateId), eq(users.isClient, true)));
  if (!u) throw new NotFoundError();
  await ensureAffiliateProfile(db, affiliateId);
}

async function reviewOf(db: Db, affiliateId: number): Promise<ProfileReview> {
  const [p] = await db.select().from(affiliateProfiles).where(eq(affiliateProfiles.userId, affiliateId));
  return describeReview(p);
}

/** Staff approve an affiliate's details (SPEC.md section 4). */
export async function approveProfileInfo(db: Db, affiliateId: number, staffId: number): Promise<ProfileReview> {
  await affiliateExists(db, affiliateId);
  await reviewAffiliateInfo(db, affiliateId, staffId, { status: 'approved' });
  return reviewOf(db, affiliateId);
}

/** Staff reject them with a reason the affiliate reads on their Info tab; an earlier appeal is answered by it. */
export async function rejectProfileInfo(db: Db, affiliateId: number, staffId: number, reason: string): Promise<ProfileReview> {
  await affiliateExists(db, affiliateId);
  await reviewAffiliateInfo(db, affiliateId, staffId, { status: 'rejected', reason });
  return reviewOf(db, affiliateId);
}

/** The affiliate reads a rejection by email too, with a link to the details to correct. */
export async function emailProfileInfoRejected(deps: EmailDeps, affiliateId: number, reason: string): Promise<void> {
  const [u] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, affiliateId));
  if (!u) return;
  await sendEmail(deps, 'profile_info_rejected', { to: u.email, vars: { name: u.name, email: u.email, reason, link: `${deps.config.publicUrl}/profile?tab=info` } });
}

/** The affiliate, having fixed their details, sends them back for review with a message. Only a rejection can be appealed. */
export async function appealProfileInfo(db: Db, affiliateId: number, message: string): Promise<ProfileReview> {
  if (!(await appealAffiliateInfo(db, affiliateId, message))) throw new AppError('conflict', 'Only rejected details can be appealed.');
  return reviewOf(db, affiliateId);
}
