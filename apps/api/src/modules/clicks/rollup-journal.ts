import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Counter, invalidClickCounterOf, type RollupKeyColumn, rollupUpsertsSql } from '../tracking/index.ts';
import { JOURNAL_MERGE_LOCK_KEY } from '../../db/lock-keys.ts';

/** How often each instance offers to merge: a click is in statistics within about this long. */
export const MERGE_INTERVAL_MS = 200;

/** The journal's columns are the rollup key itself. */
const journalKey = Object.fromEntries(
  (['affiliate_id', 'day', 'offer_id', 'site_id', 'campaign_id', 'country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative'] as const).map((k) => [k, k]),
) as Record<RollupKeyColumn, string>;
const counters: Partial<Record<Counter, string>> = {
  clicks: 'count(*)',
  uniqueClicks: 'count(*) FILTER (WHERE is_unique)',
  ...Object.fromEntries(Object.entries(invalidClickCounterOf).map(([reason, counter]) => [counter, `count(*) FILTER (WHERE invalid_reason = '${reason}')`])),
};

/**
 * Takes every journal row this transaction can see and adds them to both rollups, grouped by key
 * and in key order (as every rollup writer locks rows). Rows committed meanwhile are not seen and
 * wait for the next merge; a merge that fails adds and deletes nothing.
 */
const mergeStatement = sql.raw(`
WITH taken AS (DELETE FROM click_rollup_journal RETURNING *),
${rollupUpsertsSql('taken', journalKey, counters)}
SELECT count(*)::int AS merged FROM taken`);

/**
 * Merges the click journal into the rollups. `wait`: wait for a merge running elsewhere, then
 * merge (drain, tests); otherwise skip when one is running. Answers the clicks merged.
 */
export async function mergeClickJournal(db: Db, { wait = false } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    if (wait) await tx.execute(sql`select pg_advisory_xact_lock(${JOURNAL_MERGE_LOCK_KEY})`);
    else {
      const got = (await tx.execute(sql`select pg_try_advisory_xact_lock(${JOURNAL_MERGE_LOCK_KEY}) as got`)) as unknown as { rows: { got: boolean }[] };
      if (!got.rows[0]?.got) return 0;
    }
    const r = (await tx.execute(mergeStatement)) as unknown as { rows: { merged: number }[] };
    return r.rows[0]?.merged ?? 0;
  });
}

/**
 * Every instance offers to merge every `MERGE_INTERVAL_MS`; the advisory lock lets one do it at a
 * time, so the journal is merged as long as any instance runs. A failed merge (a deadlock with a
 * conversion batch's rollup rows, the database away) changes nothing and is tried again next time.
 */
export class JournalMerger {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly available: () => boolean;

  /** `available`: whether a primary is known; while not, no merge is tried. */
  constructor(db: Db, log: FastifyBaseLogger, available: () => boolean = () => true) {
    this.db = db;
    this.log = log;
    this.available = available;
  }

  start(intervalMs = MERGE_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running || !this.available()) return;
    this.running = mergeClickJournal(this.db)
      .catch((err: unknown) => this.log.warn({ err }, 'click journal merge failed; it is tried again'))
      .finally(() => (this.running = undefined));
  }

  /** Merges everything written so far (waiting for a merge in progress here or on another instance). */
  async mergeNow(): Promise<number> {
    await this.running;
    return mergeClickJournal(this.db, { wait: true });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
