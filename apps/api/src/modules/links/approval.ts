import { affiliateMessages as msg } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

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
