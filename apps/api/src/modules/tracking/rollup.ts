import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statsDaily, statsDailyTotals } from '../../db/schema/index.ts';

export const counterNames = ['clicks', 'uniqueClicks', 'conversions', 'signups', 'sales', 'rebills', 'refunds', 'chargebacks', 'earningsCents', 'revenueCents'] as const;
export type Counter = (typeof counterNames)[number];
export type Counters = Record<Counter, number>;

export interface RollupKey {
  day: string;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number;
  country: string;
  device: string;
  sub1: string;
  sub2: string;
  sub3: string;
  sub4: string;
  sub5: string;
}

export type RollupDelta = RollupKey & Partial<Counters>;

/** The rollup key of a click's dimensions on a given day (empty values stand for none). */
export function keyOf(
  c: { affiliateId: number; offerId: number; siteId: number; campaignId: number | null; country: string | null; device: string } & Record<'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5', string | null>,
  day: string,
): RollupKey {
  return {
    day,
    affiliateId: c.affiliateId,
    offerId: c.offerId,
    siteId: c.siteId,
    campaignId: c.campaignId ?? 0,
    country: c.country ?? '',
    device: c.device,
    sub1: c.sub1 ?? '',
    sub2: c.sub2 ?? '',
    sub3: c.sub3 ?? '',
    sub4: c.sub4 ?? '',
    sub5: c.sub5 ?? '',
  };
}

const zero = (): Counters => ({ clicks: 0, uniqueClicks: 0, conversions: 0, signups: 0, sales: 0, rebills: 0, refunds: 0, chargebacks: 0, earningsCents: 0, revenueCents: 0 });

function add(into: Counters, d: Partial<Counters>): void {
  for (const c of counterNames) into[c] += d[c] ?? 0;
}

/** The column's name in the database (the schema is written in camelCase, stored in snake_case). */
const snake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/** `col = col + excluded.col` for every counter. */
function increments(table: typeof statsDaily | typeof statsDailyTotals) {
  return Object.fromEntries(counterNames.map((c) => [c, sql`${table[c]} + excluded.${sql.identifier(snake(c))}`]));
}

/**
 * Adds deltas to both daily rollups (the full one and the totals without country, device and
 * sub IDs), in the caller's transaction. Rows are written in key order, so concurrent writers
 * lock them in the same order and never deadlock.
 */
export async function addToRollups(tx: Db, deltas: RollupDelta[]): Promise<void> {
  if (!deltas.length) return;
  const wide = new Map<string, RollupKey & Counters>();
  const narrow = new Map<string, Pick<RollupKey, 'day' | 'affiliateId' | 'offerId' | 'siteId' | 'campaignId'> & Counters>();
  for (const d of deltas) {
    const wk = [d.affiliateId, d.day, d.offerId, d.siteId, d.campaignId, d.country, d.device, d.sub1, d.sub2, d.sub3, d.sub4, d.sub5].join('\u0001');
    let w = wide.get(wk);
    if (!w) wide.set(wk, (w = { day: d.day, affiliateId: d.affiliateId, offerId: d.offerId, siteId: d.siteId, campaignId: d.campaignId, country: d.country, device: d.device, sub1: d.sub1, sub2: d.sub2, sub3: d.sub3, sub4: d.sub4, sub5: d.sub5, ...zero() }));
    add(w, d);
    const nk = [d.affiliateId, d.day, d.offerId, d.siteId, d.campaignId].join('\u0001');
    let n = narrow.get(nk);
    if (!n) narrow.set(nk, (n = { day: d.day, affiliateId: d.affiliateId, offerId: d.offerId, siteId: d.siteId, campaignId: d.campaignId, ...zero() }));
    add(n, d);
  }
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  await tx
    .insert(statsDaily)
    .values(sorted(wide))
    .onConflictDoUpdate({
      target: [statsDaily.affiliateId, statsDaily.day, statsDaily.offerId, statsDaily.siteId, statsDaily.campaignId, statsDaily.country, statsDaily.device, statsDaily.sub1, statsDaily.sub2, statsDaily.sub3, statsDaily.sub4, statsDaily.sub5],
      set: increments(statsDaily),
    });
  await tx
    .insert(statsDailyTotals)
    .values(sorted(narrow))
    .onConflictDoUpdate({
      target: [statsDailyTotals.affiliateId, statsDailyTotals.day, statsDailyTotals.offerId, statsDailyTotals.siteId, statsDailyTotals.campaignId],
      set: increments(statsDailyTotals),
    });
}
