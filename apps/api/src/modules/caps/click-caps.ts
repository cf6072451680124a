import type { CapMode, CapPeriod } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
import type { ClickCap } from '../links/index.ts';
import { alertOnce } from './take.ts';
import { periodStart } from './periods.ts';

/**
 * How often an instance adds its clicks to the shared counters and reads the others' back. An
 * instance decides on what it read at its last sync plus its own clicks since, so a click cap may
 * overshoot by what the other instances answer between two syncs: at most what they answer within
 * one link cache lifetime (links/resolve.ts `LINK_CACHE_TTL_MS`, 5 s), docs/caps.md. One instance alone never overshoots.
 */
export const CLICK_CAP_SYNC_MS = 1000;

interface Counter {
  capId: number;
  start: string;
  /** The shared total at the last sync (this instance's synced clicks included). */
  known: number;
  /** This instance's clicks since. */
  pending: number;
  /** Read at least once: until then the first click waits for a sync. */
  synced: boolean;
  period: CapPeriod;
  mode: CapMode;
  limit: number;
  alertPercent: number;
  alerted: boolean;
}

/**
 * Click caps, counted in the redirect: each instance counts its clicks in memory and syncs them
 * with the counter rows (`cap_counters`) every `CLICK_CAP_SYNC_MS` in one statement that adds its
 * clicks and answers the totals, so the click path itself makes no query (the first click of a
 * counter in a period waits for one read).
 */
export class ClickCapCounter {
  private readonly counters = new Map<string, Counter>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  constructor(db: Db, log?: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  start(intervalMs = CLICK_CAP_SYNC_MS): void {
    this.timer ??= setInterval(() => void this.sync().catch((err: unknown) => this.log?.warn({ err }, 'click cap sync failed')), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sync();
  }

  /**
   * Counts a click under the link's click caps, or answers false when a hard one is full (the
   * click then goes to the fallback and is counted by none).
   */
  async take(caps: readonly ClickCap[], now: Date): Promise<boolean> {
    let counters = caps.map((cap) => this.counterOf(cap, periodStart(cap.period, now)));
    // A sync already under way may have started before this counter existed: at most two.
    for (let i = 0; i < 2 && counters.some((c) => !c.synced); i++) await this.sync();
    // Still unread: its cap was deleted meanwhile.
    counters = counters.filter((c) => c.synced);
    if (counters.some((c) => c.mode === 'hard' && c.known + c.pending >= c.limit)) return false;
    for (const c of counters) c.pending++;
    return true;
  }

  /**
   * As `take`, with no database read (no primary answers): the counters this instance has read
   * judge the click; every counter counts it, and the sync adds it to the shared rows once the
   * database is back.
   */
  takeKnown(caps: readonly ClickCap[], now: Date): boolean {
    const counters = caps.map((cap) => this.counterOf(cap, periodStart(cap.period, now)));
    if (counters.some((c) => c.synced && c.mode === 'hard' && c.known + c.pending >= c.limit)) return false;
    for (const c of counters) c.pending++;
    return true;
  }

  private counterOf(cap: ClickCap, start: string): Counter {
    const key = `${cap.id}|${start}`;
    let c = this.counters.get(key);
    if (!c) {
      c = { capId: cap.id, start, period: cap.period, mode: cap.mode, known: 0, pending: 0, synced: false, limit: cap.limit, alertPercent: cap.alertPercent, alerted: false };
      this.counters.set(key, c);
    }
    return c;
  }

  /** Adds this instance's clicks to the shared counters and reads the totals back (one statement); one sync at a time. */
  sync(): Promise<void> {
    this.syncing ??= this.syncNow().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncNow(): Promise<void> {
    const list = [...this.counters.values()];
    if (!list.length) return;
    const sent = list.map((c) => c.pending);
    const found = await runStatement<{ cap_id: number; start: string; used: number | string }>(this.db, syncClickCounters, [
      list.map((c) => c.capId),
      list.map((c) => c.start),
      sent,
    ]);
    const totals = new Map(found.map((r) => [`${r.cap_id}|${r.start}`, Number(r.used)]));
    list.forEach((c, i) => {
      const key = `${c.capId}|${c.start}`;
      const total = totals.get(key);
      // Its cap is gone: forget it.
      if (total === undefined) return void this.counters.delete(key);
      c.pending -= sent[i]!;
      c.known = total;
      c.synced = true;
    });
    for (const c of list) {
      if (c.alerted || !c.synced || (c.known + c.pending) * 100 < c.limit * c.alertPercent) continue;
      c.alerted = true;
      await alertOnce(this.db, c.capId, c.start);
    }
    // Periods that ended are dropped once synced (the next period has a counter of its own).
    const now = new Date();
    for (const [key, c] of this.counters) if (c.pending === 0 && c.synced && periodStart(c.period, now) !== c.start) this.counters.delete(key);
  }
}

/** Adds each counter's clicks (zero to read only) and answers the totals; counters of deleted caps are skipped. */
const syncClickCounters: Statement = {
  name: 'caps_sync_click_counters',
  text: `
INSERT INTO cap_counters (cap_id, period_start, used)
SELECT k.cap_id, k.start, k.n FROM unnest($1::int[], $2::date[], $3::bigint[]) AS k(cap_id, start, n)
WHERE EXISTS (SELECT 1 FROM caps WHERE caps.id = k.cap_id)
ORDER BY k.cap_id, k.start
ON CONFLICT (cap_id, period_start) DO UPDATE SET used = cap_counters.used + excluded.used
RETURNING cap_id, period_start::text AS start, used`,
};
