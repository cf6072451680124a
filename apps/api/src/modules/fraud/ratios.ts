import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rows } from '../../db/rows.ts';

export interface Ratios {
  sales_30: number;
  sales_90: number;
  chargeback_ratio_30: number;
  chargeback_ratio_90: number;
  refund_ratio_30: number;
  refund_ratio_90: number;
}

const DAY_MS = 86_400_000;
/** Percent, two decimals; chargebacks with no sale at all count as 100%. */
const ratio = (n: number, sales: number) => (n === 0 ? 0 : sales === 0 ? 100 : Math.round((n * 10_000) / sales) / 100);

/**
 * Each affiliate's chargebacks and refunds per sale over the last 30 and 90 days, in percent. Sales
 * count whether or not they were later taken back; chargebacks and refunds arrive as conversions
 * (from sites and billers) attributed to the sale's affiliate.
 */
export async function ratiosOf(db: Db, affiliateIds: readonly number[] | 'all', now: Date): Promise<Map<number, Ratios>> {
  const { d30, d90 } = ratioWindows(now);
  const who = affiliateIds === 'all' ? sql`affiliate_id is not null` : sql`affiliate_id = any(${intArray(affiliateIds)}::int[])`;
  const list = await rows<{ affiliate_id: number; s30: string | number; s90: string | number; c30: string | number; c90: string | number; r30: string | number; r90: string | number }>(
    db,
    sql`select affiliate_id,
          count(*) filter (where type = 'sale' and status in ('accepted', 'reversed') and created_at > ${d30}) as s30,
          count(*) filter (where type = 'sale' and status in ('accepted', 'reversed')) as s90,
          count(*) filter (where type = 'chargeback' and status = 'accepted' and created_at > ${d30}) as c30,
          count(*) filter (where type = 'chargeback' and status = 'accepted') as c90,
          count(*) filter (where type = 'refund' and status = 'accepted' and created_at > ${d30}) as r30,
          count(*) filter (where type = 'refund' and status = 'accepted') as r90
        from conversions
        where ${who} and created_at > ${d90} and type in ('sale', 'chargeback', 'refund')
        group by affiliate_id`,
  );
  const out = new Map<number, Ratios>();
  if (affiliateIds !== 'all') for (const id of affiliateIds) out.set(id, ratiosFrom({ s30: 0, s90: 0, c30: 0, c90: 0, r30: 0, r90: 0 }));
  for (const r of list) out.set(Number(r.affiliate_id), ratiosFrom(r));
  return out;
}

/** The counts the ratios are made of (sales, accepted chargebacks and refunds over 30 and 90 days), as the database answers them. */
export type RatioCounts = Record<'s30' | 's90' | 'c30' | 'c90' | 'r30' | 'r90', string | number>;

/** An affiliate's ratios from its counts. */
export function ratiosFrom(r: RatioCounts): Ratios {
  const [s30, s90, c30, c90, r30, r90] = [r.s30, r.s90, r.c30, r.c90, r.r30, r.r90].map(Number) as [number, number, number, number, number, number];
  return { sales_30: s30, sales_90: s90, chargeback_ratio_30: ratio(c30, s30), chargeback_ratio_90: ratio(c90, s90), refund_ratio_30: ratio(r30, s30), refund_ratio_90: ratio(r90, s90) };
}

/** The windows of the ratios seen at `now`: conversions created after these count. */
export function ratioWindows(now: Date): { d30: Date; d90: Date } {
  return { d30: new Date(now.getTime() - 30 * DAY_MS), d90: new Date(now.getTime() - 90 * DAY_MS) };
}

/** The affiliates with an accepted chargeback in the last 90 days. */
export async function chargedBack(db: Db, now: Date): Promise<number[]> {
  const d90 = new Date(now.getTime() - 90 * DAY_MS);
  const list = await rows<{ affiliate_id: number }>(
    db,
    sql`select distinct affiliate_id from conversions
        where type = 'chargeback' and status = 'accepted' and created_at > ${d90} and affiliate_id is not null`,
  );
  return list.map((r) => Number(r.affiliate_id));
}
