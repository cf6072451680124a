import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { earnings } from '../../db/schema/index.ts';

/** An affiliate's balance in cents: every earning and reversal (payouts are subtracted here once they are recorded). */
export async function balanceCents(db: Db, affiliateId: number): Promise<number> {
  const [b] = await db.select({ cents: sql<string>`coalesce(sum(${earnings.amountCents}), 0)` }).from(earnings).where(eq(earnings.affiliateId, affiliateId));
  return Number(b?.cents ?? 0);
}
