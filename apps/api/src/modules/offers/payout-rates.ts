import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
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
  return row ? resolvePayout(row) : undefined;
}

interface PayoutRow {
  payoutType: string;
  goal: string;
  defaultPayout: number;
  affiliateAmount: number | string | null;
  tierAmount: number | string | null;
  revsharePaused: boolean | null;
}

/** The affiliate's custom amount wins over their tier's, which wins over the offer's default. */
function resolvePayout(row: PayoutRow): EffectivePayout {
  const base = { payoutType: row.payoutType as EffectivePayout['payoutType'], goal: row.goal as EffectivePayout['goal'], revsharePaused: Boolean(row.revsharePaused) };
  if (row.affiliateAmount !== null) return { ...base, amount: Number(row.affiliateAmount), source: 'affiliate' };
  if (row.tierAmount !== null) return { ...base, amount: Number(row.tierAmount), source: 'tier' };
  return { ...base, amount: Number(row.defaultPayout), source: 'default' };
}

const payoutsOf: Statement = {
  name: 'payouts_of_pairs',
  text: `
SELECT p.ord, o.payout_type AS "payoutType", o.goal, o.default_payout AS "defaultPayout",
  (SELECT op.amount FROM offer_payouts op WHERE op.offer_id = o.id AND op.affiliate_id = p.affiliate_id) AS "affiliateAmount",
  (SELECT op.amount FROM offer_payouts op WHERE op.offer_id = o.id AND op.tier_id = u.tier_id) AS "tierAmount",
  coalesce(ap.revshare_paused, false) AS "revsharePaused"
FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS p(offer_id, affiliate_id, ord)
JOIN offers o ON o.id = p.offer_id
LEFT JOIN users u ON u.id = p.affiliate_id
LEFT JOIN affiliate_profiles ap ON ap.user_id = p.affiliate_id`,
};

/** `effectivePayout` for many (offer, affiliate) pairs in one round trip; keyed `offerId|affiliateId`. */
export async function effectivePayouts(db: Db, pairs: ReadonlyArray<{ offerId: number; affiliateId: number }>): Promise<Map<string, EffectivePayout>> {
  const out = new Map<string, EffectivePayout>();
  if (!pairs.length) return out;
  const rows = await runStatement<PayoutRow & { ord: number | string }>(db, payoutsOf, [pairs.map((p) => p.offerId), pairs.map((p) => p.affiliateId)]);
  for (const row of rows) {
    const pair = pairs[Number(row.ord) - 1]!;
    out.set(`${pair.offerId}|${pair.affiliateId}`, resolvePayout(row));
  }
  return out;
}
