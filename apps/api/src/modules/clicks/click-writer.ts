import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clicks, clickVisitors } from '../../db/schema/index.ts';
import { addToRollups, keyOf } from '../tracking/rollup.ts';

export interface ClickRecord {
  cid: string;
  createdAt: Date;
  day: string;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number | null;
  landingPageId: number | null;
  linkId: number | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  country: string | null;
  device: string;
  visitorHash: string;
  isBot: boolean;
}

interface Pending {
  click: ClickRecord;
  resolve: (unique: boolean) => void;
  reject: (err: unknown) => void;
}

const UNIQUE_WINDOW_MS = 24 * 3600_000;
const MAX_BATCH = 1000;

/**
 * Group commit: clicks that arrive while a batch is being written wait and go together in the
 * next one, in one transaction with their uniqueness check and rollup update. Each request is
 * answered only after its batch has committed, so an acknowledged click is never lost.
 */
export class ClickWriter {
  private pending: Pending[] = [];
  /** Batches being written now; more than one only on a server with a connection pool. */
  private inFlight = 0;
  private readonly maxInFlight: number;
  private scheduled = false;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  /** Batches written and clicks in them, for the benchmarks. */
  readonly stats = { batches: 0, clicks: 0 };

  constructor(db: Db, log: FastifyBaseLogger, maxInFlight = 1) {
    this.db = db;
    this.log = log;
    this.maxInFlight = maxInFlight;
  }

  /** Resolves with whether the click was unique, once it is committed. */
  write(click: ClickRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ click, resolve, reject });
      this.schedule();
    });
  }

  /** Waits until everything handed in so far is written. */
  async drain(): Promise<void> {
    while (this.pending.length || this.inFlight) await new Promise((r) => setTimeout(r, 5));
  }

  private schedule(): void {
    if (this.inFlight >= this.maxInFlight || this.scheduled) return;
    this.scheduled = true;
    // Let the requests of the same event-loop turn join the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.maxInFlight || !this.pending.length) return;
    this.inFlight++;
    const batch = this.pending.splice(0, MAX_BATCH);
    try {
      const unique = await this.writeBatch(batch.map((p) => p.click));
      batch.forEach((p, i) => p.resolve(unique[i] ?? false));
    } catch (err) {
      this.log.error({ err, clicks: batch.length }, 'click batch failed');
      for (const p of batch) p.reject(err);
    } finally {
      this.inFlight--;
      if (this.pending.length) this.schedule();
    }
  }

  private async writeBatch(batch: ClickRecord[]): Promise<boolean[]> {
    return this.db.transaction(async (tx) => {
      // Uniqueness: the first click of a visitor on an offer in 24 hours. Within the batch only the
      // first of a pair is a candidate; the upsert decides against earlier batches atomically.
      const candidates = new Map<string, number>();
      batch.forEach((c, i) => {
        const key = `${c.visitorHash}|${c.offerId}`;
        if (!c.isBot && !candidates.has(key)) candidates.set(key, i);
      });
      const unique = batch.map(() => false);
      if (candidates.size) {
        // Key order, so concurrent batches lock visitor rows in the same order.
        const rows = [...candidates.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, i]) => batch[i]!);
        const won = await tx
          .insert(clickVisitors)
          .values(rows.map((c) => ({ visitorHash: c.visitorHash, offerId: c.offerId, lastUniqueAt: c.createdAt })))
          .onConflictDoUpdate({
            target: [clickVisitors.visitorHash, clickVisitors.offerId],
            set: { lastUniqueAt: sql`excluded.last_unique_at` },
            setWhere: sql`${clickVisitors.lastUniqueAt} <= excluded.last_unique_at - ${`${UNIQUE_WINDOW_MS / 1000} seconds`}::interval`,
          })
          .returning({ visitorHash: clickVisitors.visitorHash, offerId: clickVisitors.offerId });
        for (const w of won) {
          const i = candidates.get(`${w.visitorHash}|${w.offerId}`);
          if (i !== undefined) unique[i] = true;
        }
      }

      await tx.insert(clicks).values(batch.map((c, i) => ({ ...c, isUnique: unique[i]! })));

      // Rollups: one upsert row per distinct dimension set in the batch.
      await addToRollups(
        tx as unknown as Db,
        batch.map((c, i) => ({
          ...keyOf(c, c.day),
          clicks: 1,
          uniqueClicks: unique[i] ? 1 : 0,
        })),
      );
      this.stats.batches++;
      this.stats.clicks += batch.length;
      return unique;
    });
  }
}
