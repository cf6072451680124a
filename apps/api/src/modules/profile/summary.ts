import type { AffiliateSummary } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statsDailyTotals, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { sharedDetailsOf } from '../shared-details/index.ts';
import { balanceCents, toDollars } from '../ledger/index.ts';

/** Earned money: traffic, referral commissions and bonuses (payouts, fees and withholdings are not earnings). */
const earnedKinds = ['earning', 'reversal', 'referral_commission', 'bonus', 'adjustment'] as const;

/**
 * Affiliate Details' summary (staff only): the ledger's balance and lifetime earnings, the rollup's
 * clicks and conversions, and the details the affiliate shares with others in the caller's scope
 * (docs/fraud.md, "Shared details": shown, never a payout hold).
 */
export async function affiliateSummary(db: Db, scope: Scope, affiliateId: number): Promise<AffiliateSummary> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, affiliateId), eq(users.isClient, true)));
  if (!u) throw new NotFoundError();
  const [balance, earned, [traffic], shared] = await Promise.all([
    balanceCents(db, affiliateId),
    balanceCents(db, affiliateId, { kinds: earnedKinds }),
    db
      .select({ clicks: sql<string>`coalesce(sum(${statsDailyTotals.clicks}), 0)`, conversions: sql<string>`coalesce(sum(${statsDailyTotals.conversions}), 0)` })
      .from(statsDailyTotals)
      .where(eq(statsDailyTotals.affiliateId, affiliateId)),
    sharedDetailsOf(db, scope, affiliateId),
  ]);
  return {
    balance: toDollars(balance),
    lifetime_earnings: toDollars(earned),
    clicks: Number(traffic?.clicks ?? 0),
    conversions: Number(traffic?.conversions ?? 0),
    shared_details: shared,
  };
}
