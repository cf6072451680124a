import type { ClickInvalidReason } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
import { isDatabaseLost } from '../../db/failover.ts';
import { Batcher, isDataError } from '../../lib/batcher.ts';
import { JournalMerger } from './rollup-journal.ts';
import { ClickSpool, readSpoolFile, removeSpoolFile } from './spool.ts';

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
  /** The link's creative (`scene:12`), if it was made from one. */
  creative: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  country: string | null;
  device: string;
  visitorHash: string;
  isBot: boolean;
  /** Why the click went to a fallback instead of its offer: stored, never unique, not in the statistics' click counts. */
  fallbackReason?: string | null;
  /** Why screening found the click invalid, null when valid: an invalid click is never unique. */
  invalidReason: ClickInvalidReason | null;
  /** The smart link the click came through, null for a tracking link. */
  smartLinkId: number | null;
}

const UNIQUE_WINDOW_MS = 24 * 3600_000;
/** How many visitor-offer pairs the writer remembers as counted (about 100 bytes each). */
const REMEMBERED_VISITORS = 200_000;

/**
 * The visitors this instance saw counted as unique on an offer, and when: a later click of theirs
 * within 24 hours is not unique, whatever the database holds (its time can only be later), so the
 * batch statement skips their lookup. Forgetting is always safe: the statement then decides.
 */
export class CountedVisitors {
  private readonly seen = new Map<string, number>();
  private readonly limit: number;
  constructor(limit = REMEMBERED_VISITORS) {
    this.limit = limit;
  }

  /** Whether the visitor was counted on the offer less than 24 hours before `at`. */
  countedWithinWindow(visitorHash: string, offerId: number, at: number): boolean {
    const t = this.seen.get(`${offerId}|${visitorHash}`);
    return t !== undefined && t > at - UNIQUE_WINDOW_MS;
  }

  remember(visitorHash: string, offerId: number, at: number): void {
    const key = `${offerId}|${visitorHash}`;
    this.seen.delete(key);
    this.seen.set(key, at);
    // The oldest entries go first (a Map keeps insertion order).
    if (this.seen.size > this.limit) this.seen.delete(this.seen.keys().next().value!);
  }
}

export interface ClickWriterOptions {
  /** This instance's data directory: the spool lives under it (clicks/spool.ts). */
  dataDir: string;
  /** `fallback`: the spool takes clicks only while no primary answers; `always`: every click. */
  spool: 'fallback' | 'always';
  /** Whether a primary is known right now (db/client.ts): when not, clicks go to the spool at once. */
  available: () => boolean;
}

/** Clicks loaded from the spool per statement. */
const SPOOL_LOAD_BATCH = 5000;

/**
 * Clicks are written in group commits (lib/batcher.ts): each batch is one statement with its
 * uniqueness check and its rollup journal rows, and each request is answered only after its batch
 * has committed, so an acknowledged click is never lost. The journal reaches the rollups within
 * `MERGE_INTERVAL_MS` (rollup-journal.ts).
 *
 * While no primary answers (or always, with `CLICK_SPOOL=always`), a batch is appended to the spool
 * on this instance's disk instead and answered once flushed there; the spool is loaded into the
 * database as soon as a primary answers again, and at the next start after a crash. Loading skips a
 * click already stored (its id and time), so each is stored once even when a batch's commit was
 * lost with its connection and the batch went to the spool too.
 */
export class ClickWriter {
  private readonly batcher: Batcher<ClickRecord, boolean>;
  private readonly db: Db;
  private readonly counted = new CountedVisitors();
  private readonly merger: JournalMerger;
  private readonly log: FastifyBaseLogger;
  private readonly options: ClickWriterOptions;
  readonly spool: ClickSpool;
  private loading: Promise<number> | undefined;
  private loadTimer: NodeJS.Timeout | undefined;
  /** Clicks answered from the spool and clicks loaded from it (tests, benchmarks, logs). */
  readonly spoolStats = { spooled: 0, loaded: 0 };

  constructor(db: Db, log: FastifyBaseLogger, options: ClickWriterOptions) {
    this.db = db;
    this.log = log;
    this.options = options;
    this.spool = new ClickSpool(options.dataDir);
    this.merger = new JournalMerger(db, log, options.available);
    this.merger.start();
    this.batcher = new Batcher((batch) => this.writeBatch(batch), {
      // One batch in flight: clicks arriving while it commits go together in the next, so each
      // commit's flush to disk (most of the database's cost of a small batch) is shared by more clicks.
      maxInFlight: 1,
      maxBatch: 1000,
      // One click the database refuses fails alone: its batch is split until only it is left.
      isItemError: isDataError,
      onError: (err, clicks) => log.error({ err, clicks }, 'click batch failed'),
    });
    // What an earlier run left in the spool is loaded at once, then the spool is watched.
    this.loadTimer = setInterval(() => void this.loadSpool(), options.spool === 'always' ? 100 : 500);
    this.loadTimer.unref();
    void this.loadSpool();
  }

  /** Batches written and clicks in them, for the tests and benchmarks. */
  get stats(): { batches: number; clicks: number } {
    return { batches: this.batcher.stats.batches, clicks: this.batcher.stats.items };
  }

  /** Resolves with whether the click was unique (false when it went to the spool: decided on loading), once it is durable. */
  write(click: ClickRecord): Promise<boolean> {
    return this.batcher.submit(click);
  }

  /** Waits until everything handed in so far is written (the spool loaded, when a primary answers) and merged into the rollups. */
  async drain(): Promise<void> {
    await this.batcher.drain();
    if (this.options.available()) await this.loadSpool({ wait: true });
    await this.merger.mergeNow();
  }

  /** Writes what was handed in, merges it, and stops merging (before the database closes); what the database cannot take stays spooled. */
  async close(): Promise<void> {
    clearInterval(this.loadTimer);
    await this.batcher.drain();
    if (this.options.available()) await this.loadSpool({ wait: true }).catch(() => 0);
    await this.spool.close();
    await this.merger.mergeNow().catch((err: unknown) => this.log.warn({ err }, 'click journal merge failed at close'));
    await this.merger.stop();
  }

  private async writeBatch(batch: ClickRecord[]): Promise<boolean[]> {
    if (this.options.spool === 'always' || !this.options.available()) return this.toSpool(batch);
    try {
      return await this.toDatabase(batch);
    } catch (err) {
      // The database went away under the batch (it may even have committed: loading skips what is stored).
      if (isDatabaseLost(err)) return this.toSpool(batch);
      throw err;
    }
  }

  private async toSpool(batch: ClickRecord[]): Promise<boolean[]> {
    await this.spool.append(batch);
    this.spoolStats.spooled += batch.length;
    return batch.map(() => false);
  }

  /**
   * Loads the spool into the database when a primary answers: the files in order, in statements
   * of `SPOOL_LOAD_BATCH` clicks, each file deleted once all of it is in. One load at a time.
   * Answers the clicks read from the spool (those already stored are skipped).
   */
  loadSpool({ wait = false } = {}): Promise<number> {
    if (this.loading) return wait ? this.loading.then(() => this.loadSpool()) : this.loading;
    if (!this.options.available() && !wait) return Promise.resolve(0);
    this.loading = this.loadSpoolNow()
      .catch((err: unknown) => {
        this.log.warn({ err }, 'the click spool could not be loaded yet; it is tried again');
        if (wait) throw err;
        return 0;
      })
      .finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadSpoolNow(): Promise<number> {
    const files = await this.spool.take();
    let read = 0;
    for (const file of files) {
      const clicks = await readSpoolFile(file);
      for (let i = 0; i < clicks.length; i += SPOOL_LOAD_BATCH) await this.loadClicks(clicks.slice(i, i + SPOOL_LOAD_BATCH));
      read += clicks.length;
      await removeSpoolFile(file);
      this.spoolStats.loaded += clicks.length;
      if (this.options.spool !== 'always') this.log.info({ clicks: clicks.length }, 'spooled clicks loaded into the database');
    }
    return read;
  }

  /** One statement for spooled clicks; a click the database refuses for its data is logged and left out, alone. */
  private async loadClicks(clicks: ClickRecord[]): Promise<void> {
    try {
      await runStatement(this.db, loadSpooledClicks, columnsOf(clicks, clicks.map(() => false)));
    } catch (err) {
      if (!isDataError(err)) throw err;
      if (clicks.length === 1) return void this.log.error({ err, click: clicks[0] }, 'a spooled click was refused by the database');
      const half = Math.ceil(clicks.length / 2);
      await this.loadClicks(clicks.slice(0, half));
      await this.loadClicks(clicks.slice(half));
    }
  }

  private async toDatabase(batch: ClickRecord[]): Promise<boolean[]> {
    const values = columnsOf(
      batch,
      batch.map((c) => this.counted.countedWithinWindow(c.visitorHash, c.offerId, c.createdAt.getTime())),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const rows = await runStatement<{ ord: number | string }>(this.db, writeClicks, values);
        const unique = batch.map(() => false);
        for (const r of rows) {
          const i = Number(r.ord) - 1;
          unique[i] = true;
          const c = batch[i]!;
          this.counted.remember(c.visitorHash, c.offerId, c.createdAt.getTime());
        }
        return unique;
      } catch (err) {
        // Two batches waiting on each other's visitor rows: the database cancels one, and the
        // whole statement is safe to run again.
        if (attempt < 3 && (err as { code?: string }).code === '40P01') continue;
        throw err;
      }
    }
  }
}

/** The statement's parameters: one array per column, in its order. */
function columnsOf(batch: readonly ClickRecord[], counted: boolean[]): unknown[] {
  const col = <K extends keyof ClickRecord>(k: K) => batch.map((c) => c[k]);
  return [
    col('cid'),
    batch.map((c) => c.createdAt.toISOString()),
    col('day'),
    col('affiliateId'),
    col('offerId'),
    col('siteId'),
    col('campaignId'),
    col('landingPageId'),
    col('linkId'),
    col('sub1'),
    col('sub2'),
    col('sub3'),
    col('sub4'),
    col('sub5'),
    col('country'),
    col('device'),
    col('visitorHash'),
    col('isBot'),
    col('creative'),
    col('invalidReason'),
    col('smartLinkId'),
    counted,
    batch.map((c) => c.fallbackReason ?? null),
  ];
}

/**
 * One statement per batch: the uniqueness upsert (only the first valid, non-bot click of a visitor on an
 * offer in the batch is a candidate; the upsert decides against earlier batches atomically), the
 * clicks, and one journal row per click for the rollups (merged a few times a second by
 * rollup-journal.ts: appending a row costs far less than upserting two rollup rows per click).
 * Answers the 1-based positions of the unique clicks.
 */
const clickStatement = (name: string, { skipStored }: { skipStored: boolean }): Statement => ({
  name,
  text: `
WITH input AS (
  SELECT * FROM unnest($1::varchar[], $2::timestamptz[], $3::date[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[],
    $10::varchar[], $11::varchar[], $12::varchar[], $13::varchar[], $14::varchar[], $15::char(2)[], $16::varchar[], $17::varchar[], $18::bool[], $19::varchar[],
    $20::varchar[], $21::int[], $22::bool[], $23::varchar[])
    WITH ORDINALITY AS t(cid, created_at, day, affiliate_id, offer_id, site_id, campaign_id, landing_page_id, link_id,
      sub1, sub2, sub3, sub4, sub5, country, device, visitor_hash, is_bot, creative, invalid_reason, smart_link_id, counted, fallback_reason, ord)${
    skipStored
      ? `
  -- A spooled click already stored (loaded before, or its batch committed as its connection was lost): skipped.
  WHERE NOT EXISTS (SELECT 1 FROM clicks s WHERE s.created_at = t.created_at AND s.cid = t.cid)`
      : ''
  }
),
first_seen AS (
  -- A visitor this instance knows was counted within 24 hours is no candidate: no lookup.
  SELECT DISTINCT ON (visitor_hash, offer_id) visitor_hash, offer_id, created_at, ord
  FROM input WHERE NOT is_bot AND invalid_reason IS NULL AND NOT counted AND fallback_reason IS NULL ORDER BY visitor_hash, offer_id, ord
),
candidates AS (
  -- Most clicks come from visitors already counted today: leave their rows alone (no lock).
  SELECT f.* FROM first_seen f
  LEFT JOIN click_visitors v ON v.visitor_hash = f.visitor_hash AND v.offer_id = f.offer_id
  WHERE v.last_unique_at IS NULL OR v.last_unique_at <= f.created_at - interval '${UNIQUE_WINDOW_MS / 1000} seconds'
),
won AS (
  INSERT INTO click_visitors (visitor_hash, offer_id, last_unique_at)
  SELECT visitor_hash, offer_id, created_at FROM candidates ORDER BY visitor_hash, offer_id
  ON CONFLICT (visitor_hash, offer_id) DO UPDATE SET last_unique_at = excluded.last_unique_at
    WHERE click_visitors.last_unique_at <= excluded.last_unique_at - interval '${UNIQUE_WINDOW_MS / 1000} seconds'
  RETURNING visitor_hash, offer_id
),
marked AS (
  SELECT i.*, (w.visitor_hash IS NOT NULL) AS is_unique
  FROM input i
  LEFT JOIN candidates c ON c.ord = i.ord
  LEFT JOIN won w ON c.ord IS NOT NULL AND w.visitor_hash = i.visitor_hash AND w.offer_id = i.offer_id
),
saved AS (
  INSERT INTO clicks (cid, created_at, day, affiliate_id, offer_id, site_id, campaign_id, landing_page_id, link_id,
    sub1, sub2, sub3, sub4, sub5, country, device, visitor_hash, is_unique, is_bot, creative, invalid_reason, smart_link_id, fallback_reason)
  SELECT cid, created_at, day, affiliate_id, offer_id, site_id, campaign_id, landing_page_id, link_id,
    sub1, sub2, sub3, sub4, sub5, country, device, visitor_hash, is_unique, is_bot, creative, invalid_reason, smart_link_id, fallback_reason
  FROM marked
),
journal AS (
  INSERT INTO click_rollup_journal (day, affiliate_id, offer_id, site_id, campaign_id, country, device, sub1, sub2, sub3, sub4, sub5, creative, is_unique, invalid_reason)
  SELECT day, affiliate_id, offer_id, site_id, coalesce(campaign_id, 0), coalesce(country, ''), device,
    coalesce(sub1, ''), coalesce(sub2, ''), coalesce(sub3, ''), coalesce(sub4, ''), coalesce(sub5, ''), coalesce(creative, ''), is_unique, coalesce(invalid_reason, '')
  FROM marked WHERE fallback_reason IS NULL
)
SELECT ord FROM marked WHERE is_unique`,
});

export const writeClicks = clickStatement('clicks_write_batch_v4', { skipStored: false });
/** The same for clicks loaded from the spool: each stored once, however often it is loaded. */
export const loadSpooledClicks = clickStatement('clicks_load_spooled_v1', { skipStored: true });
