import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statsDailyTotals } from '../../db/schema/index.ts';

/** All-time earnings in cents of an affiliate's campaigns, from the rollup (never from raw rows). */
export async function earningsByCampaign(db: Db, affiliateId: number, campaignIds: number[]): Promise<Map<number, number>> {
  if (!campaignIds.length) return new Map();
  const totals = await db
    .select({ id: statsDailyTotals.campaignId, cents: sql<string>`sum(${statsDailyTotals.earningsCents})` })
    .from(statsDailyTotals)
    .where(and(eq(statsDailyTotals.affiliateId, affiliateId), inArray(statsDailyTotals.campaignId, campaignIds)))
    .groupBy(statsDailyTotals.campaignId);
  return new Map(totals.map((t) => [t.id, Number(t.cents)]));
}
