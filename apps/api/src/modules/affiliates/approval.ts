import { affiliateMessages as msg } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { type EmailDeps, sendEmail } from '../email/send.ts';
import { getSetting, putSetting } from '../settings/service.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { type Actor, affiliateOrThrow } from './actions.ts';

const SETTING = 'signup_approval_required';

/** Whether a new affiliate waits for staff approval (on unless staff turned it off). */
export async function signupApprovalRequired(db: Db): Promise<boolean> {
  return (await getSetting<boolean>(db, SETTING, true)) !== false;
}

/** Turns approval on or off; the event history gets the value before and after. */
export async function setSignupApprovalRequired(db: Db, actor: Actor, required: boolean): Promise<void> {
  const before = { required: await signupApprovalRequired(db) };
  await putSetting(db, SETTING, required);
  await recordEvent(db, 'settings.signup_approval', { actorId: actor.id, ip: actor.ip, objectId: 'signup-approval', before, after: { required }, data: { required } });
}

/** What a new sign-up starts as: pending while approval is required. */
export async function initialApprovalStatus(db: Db): Promise<'pending' | 'approved'> {
  return (await signupApprovalRequired(db)) ? 'pending' : 'approved';
}

/** Whether the affiliate may get tracking links: not while their sign-up waits for approval. */
export async function mayGetLinks(db: Db, affiliateId: number): Promise<boolean> {
  const [row] = await db.select({ status: users.approvalStatus }).from(users).where(eq(users.id, affiliateId));
  return row?.status !== 'pending';
}

/**
 * Refuses a link to a sign-up still waiting for approval: its clicks would go to the site's home page
 * uncounted. Every route that makes an affiliate's tracking link (offers, banners, models, scenes,
 * feeds) asks this first.
 */
export async function assertMayGetLinks(db: Db, affiliateId: number): Promise<void> {
  if (!(await mayGetLinks(db, affiliateId))) throw new AppError('account_pending_approval', msg.pendingNoLinks);
}

type Deps = EmailDeps;

async function pendingOrThrow(db: Db, id: number) {
  const row = await affiliateOrThrow(db, id);
  if (row.approvalStatus !== 'pending') throw new AppError('conflict', msg.notPending);
  return row;
}

/** POST /v1/affiliates/{id}/approve: the affiliate gets links from now on and is told by email. */
export async function approveAffiliate(deps: Deps, actor: Actor, id: number): Promise<void> {
  const { db } = deps;
  const row = await pendingOrThrow(db, id);
  const done = await db
    .update(users)
    .set({ approvalStatus: 'approved', approvalReason: null, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
    .returning({ id: users.id });
  if (!done.length) throw new AppError('conflict', msg.notPending);
  await recordEvent(db, 'affiliate.approved', { actorId: actor.id, subjectId: id, ip: actor.ip });
  await sendEmail(deps, 'signup_approved', { to: row.email, vars: { name: row.name, email: row.email, link: `${deps.config.publicUrl}/offers` } });
}

/** POST /v1/affiliates/{id}/reject: the account is closed (sessions end) and the affiliate reads why by email. */
export async function rejectAffiliate(deps: Deps, actor: Actor, id: number, reason: string): Promise<void> {
  const { db } = deps;
  const row = await pendingOrThrow(db, id);
  const done = await db
    .update(users)
    .set({ approvalStatus: 'rejected', approvalReason: reason, isActive: false, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
    .returning({ id: users.id });
  if (!done.length) throw new AppError('conflict', msg.notPending);
  await revokeAllSessions(db, id, 'rejected');
  await recordEvent(db, 'affiliate.rejected', { actorId: actor.id, subjectId: id, ip: actor.ip, data: { reason } });
  await sendEmail(deps, 'signup_rejected', { to: row.email, vars: { name: row.name, email: row.email, reason } });
}
