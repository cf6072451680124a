import type { AffiliateRatio } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { chargedBack, ratiosOf } from './ratios.ts';
import { extraHoldDaysOf, riskHoldTable } from './rules.ts';

/** Every affiliate with sales, chargebacks or refunds in 90 days: their ratios, highest chargeback ratio first. */
export async function affiliateRatios(db: Db, now: Date): Promise<AffiliateRatio[]> {
  const [ratios, table] = await Promise.all([ratiosOf(db, 'all', now), riskHoldTable(db)]);
  if (!ratios.size) return [];
  const people = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, [...ratios.keys()]));
  return people
    .map((p) => {
      const r = ratios.get(p.id)!;
      return { affiliate: p, ...r, extra_hold_days: extraHoldDaysOf(table, r.chargeback_ratio_90) };
    })
    .sort((a, b) => b.chargeback_ratio_90 - a.chargeback_ratio_90 || b.refund_ratio_90 - a.refund_ratio_90 || a.affiliate.id - b.affiliate.id);
}

/**
 * Extra payout hold days from the 90-day chargeback ratio (the risk-hold table), for these affiliates
 * or, with 'all', for every affiliate with a chargeback in 90 days (nobody else has a ratio above 0).
 * An affiliate left out of the map has none. The payouts module's eligibility adds them to the hold.
 */
export async function extraHoldDays(db: Db, affiliateIds: readonly number[] | 'all', now: Date): Promise<Map<number, number>> {
  const table = await riskHoldTable(db);
  const out = new Map<number, number>(affiliateIds === 'all' ? [] : affiliateIds.map((id) => [id, 0]));
  if (!table.length || (affiliateIds !== 'all' && !affiliateIds.length)) return out;
  const who = affiliateIds === 'all' ? await chargedBack(db, now) : affiliateIds;
  if (!who.length) return out;
  for (const [id, r] of await ratiosOf(db, who, now)) {
    const days = extraHoldDaysOf(table, r.chargeback_ratio_90);
    if (days > 0 || affiliateIds !== 'all') out.set(id, days);
  }
  return out;
}
