import { affiliateMessages as msg } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { decideSignUp } from '../accounts/index.ts';
import { type EmailDeps, sendEmail } from '../email/index.ts';
import { revokeAllSessions } from '../auth/index.ts';
import { type Actor, affiliateOrThrow } from './actions.ts';

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
  if (!(await decideSignUp(db, id, { status: 'approved' }))) throw new AppError('conflict', msg.notPending);
  await recordEvent(db, 'affiliate.approved', { actorId: actor.id, subjectId: id, ip: actor.ip });
  await sendEmail(deps, 'signup_approved', { to: row.email, vars: { name: row.name, email: row.email, link: `${deps.config.publicUrl}/offers` } });
}

/** POST /v1/affiliates/{id}/reject: the account is closed (sessions end) and the affiliate reads why by email. */
export async function rejectAffiliate(deps: Deps, actor: Actor, id: number, reason: string): Promise<void> {
  const { db } = deps;
  const row = await pendingOrThrow(db, id);
  if (!(await decideSignUp(db, id, { status: 'rejected', reason }))) throw new AppError('conflict', msg.notPending);
  await revokeAllSessions(db, id, 'rejected');
  await recordEvent(db, 'affiliate.rejected', { actorId: actor.id, subjectId: id, ip: actor.ip, data: { reason } });
  await sendEmail(deps, 'signup_rejected', { to: row.email, vars: { name: row.name, email: row.email, reason } });
}
