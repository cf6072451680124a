import { gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidClickCounterOf, totalsRollup } from '../tracking/index.ts';
import { addDays, statsDay } from '../../lib/days.ts';

/** How long the earnings per click of the offers are used before they are read again. */
export const EPC_TTL_MS = 5 * 60_000;

/**
 * Each offer's earnings per valid click (cents) over the last 24 hours (today and yesterday in
 * statistics days), read from the totals rollup at most every `ttlMs`, in the background: a smart
 * link in `epc` mode chooses by weight until the first read is in.
 */
export class OfferEpc {
  private epc = new Map<number, number>();
  private readAt = 0;
  private reading: Promise<void> | undefined;
  private readonly db: Db;
  private readonly ttlMs: number;

  constructor(db: Db, ttlMs = EPC_TTL_MS) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  of(offerId: number): number | undefined {
    if (Date.now() - this.readAt >= this.ttlMs && !this.reading) {
      this.reading = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.reading = undefined));
    }
    return this.epc.get(offerId);
  }

  async refresh(now = new Date()): Promise<void> {
    const t = totalsRollup;
    const invalid = Object.values(invalidClickCounterOf).map((c) => sql`${t[c]}`);
    const rows = await this.db
      .select({
        offerId: t.offerId,
        earnings: sql<string>`coalesce(sum(${t.earningsCents}), 0)`,
        clicks: sql<string>`coalesce(sum(${t.clicks} - ${sql.join(invalid, sql` - `)}), 0)`,
      })
      .from(t)
      .where(gte(t.day, addDays(statsDay(now), -1)))
      .groupBy(t.offerId);
    this.epc = new Map(rows.filter((r) => Number(r.clicks) > 0).map((r) => [r.offerId, Number(r.earnings) / Number(r.clicks)]));
    this.readAt = Date.now();
  }
}
