import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, offerPayouts, offers, users } from '../../db/schema/index.ts';

export interface EffectivePayout {
  payoutType: 'cpa' | 'revshare';
  goal: 'signup' | 'sale';
  /** Cents (cpa) or basis points (revshare). */
  amount: number;
  source: 'affiliate' | 'tier' | 'default';
  /** Staff paused this affiliate's revshare: revshare earns nothing while it is. */
  revsharePaused: boolean;
}

/** What an affiliate is paid on an offer: their custom payout, else their tier's, else the offer's default. */
export async function effectivePayout(db: Db, offerId: number, affiliateId: number): Promise<EffectivePayout | undefined> {
  const [row] = await db
    .select({
      payoutType: offers.payoutType,
      goal: offers.goal,
      defaultPayout: offers.defaultPayout,
      affiliateAmount: sql<number | null>`(select ${offerPayouts.amount} from ${offerPayouts} where ${offerPayouts.offerId} = ${offers.id} and ${offerPayouts.affiliateId} = ${affiliateId})`,
      revsharePaused: sql<boolean>`coalesce(${affiliateProfiles.revsharePaused}, false)`,
      tierAmount: sql<number | null>`(select ${offerPayouts.amount} from ${offerPayouts} where ${offerPayouts.offerId} = ${offers.id} and ${offerPayouts.tierId} = ${users.tierId})`,
    })
    .from(offers)
    .leftJoin(users, eq(users.id, affiliateId))
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, affiliateId))
    .where(and(eq(offers.id, offerId)));
  if (!row) return undefined;
  const base = { payoutType: row.payoutType as EffectivePayout['payoutType'], goal: row.goal as EffectivePayout['goal'], revsharePaused: Boolean(row.revsharePaused) };
  if (row.affiliateAmount !== null) return { ...base, amount: Number(row.affiliateAmount), source: 'affiliate' };
  if (row.tierAmount !== null) return { ...base, amount: Number(row.tierAmount), source: 'tier' };
  return { ...base, amount: row.defaultPayout, source: 'default' };
}
