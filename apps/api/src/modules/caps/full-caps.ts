import type { CapPeriod } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
import { periodStart, reopensAt } from './periods.ts';

/**
 * How often each instance reads which hard conversion and payout caps are full: the bound within
 * which an offer they close sends its clicks to the fallback on every instance, and reopens when
 * the period does or staff delete the cap (docs/caps.md).
 */
export const FULL_CAPS_REFRESH_MS = 1000;

interface Closed {
  /** Null: the offer's cap, closing it for every affiliate. */
  affiliateId: number | null;
  /** When its period ends (ms); Infinity for a total cap. */
  until: number;
}

/**
 * The offers a full hard cap on conversions or payout has closed, as the redirect asks for them:
 * read every `FULL_CAPS_REFRESH_MS` in one statement, kept in memory, so a click asks a map (an
 * empty one when no such cap is full) and makes no query. A cap is full when its counter reached
 * the limit, or when it refused a conversion this period (a payout cap with less room than an
 * earning). What was last read stands while the database does not answer, each until its period ends.
 */
export class FullCaps {
  private closed = new Map<number, Closed[]>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;

  private readonly available: () => boolean;

  /** `available`: whether a primary is known (db/client.ts); while not, the last read stands and nothing is asked. */
  constructor(db: Db, log?: FastifyBaseLogger, available: () => boolean = () => true) {
    this.db = db;
    this.log = log;
    this.available = available;
  }

  start(intervalMs = FULL_CAPS_REFRESH_MS): void {
    this.timer ??= setInterval(() => {
      if (this.available()) void this.refresh().catch((err: unknown) => this.log?.warn({ err }, 'full caps could not be read'));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Whether a full hard cap on conversions or payout closes the offer to this affiliate's clicks at `now` (ms). */
  closes(offerId: number, affiliateId: number, now: number): boolean {
    if (this.closed.size === 0) return false;
    const list = this.closed.get(offerId);
    if (!list) return false;
    for (const c of list) if ((c.affiliateId === null || c.affiliateId === affiliateId) && now < c.until) return true;
    return false;
  }

  /** Reads the full caps again (one at a time). */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    const now = new Date();
    const found = await runStatement<{ offer_id: number; affiliate_id: number | null; period: CapPeriod }>(this.db, fullCapsNow, [
      periodStart('day', now),
      periodStart('week', now),
      periodStart('month', now),
    ]);
    const closed = new Map<number, Closed[]>();
    for (const r of found) {
      const until = reopensAt(r.period, now)?.getTime() ?? Infinity;
      const offerId = Number(r.offer_id);
      const list = closed.get(offerId) ?? [];
      list.push({ affiliateId: r.affiliate_id === null ? null : Number(r.affiliate_id), until });
      closed.set(offerId, list);
    }
    this.closed = closed;
  }
}

/** The hard conversion and payout caps whose current period's counter is full (reached, or refused one). */
const fullCapsNow: Statement = {
  name: 'caps_full_now',
  text: `
SELECT c.offer_id, c.affiliate_id, c.period
FROM caps c JOIN cap_counters k ON k.cap_id = c.id
 AND k.period_start = CASE c.period WHEN 'day' THEN $1::date WHEN 'week' THEN $2::date WHEN 'month' THEN $3::date ELSE DATE '1970-01-01' END
WHERE c.mode = 'hard' AND c.metric IN ('conversions', 'payout') AND (k.used >= c."limit" OR k.refused_at IS NOT NULL)`,
};
