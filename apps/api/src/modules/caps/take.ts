import type { CapMetric, CapMode, CapPeriod } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../jobs/index.ts';
import { intArray, rows } from '../../db/rows.ts';
import { runStatementOn, type Statement } from '../../db/raw.ts';
import { periodStart } from './periods.ts';

export const CAP_ALERT_JOB = 'caps.alert';

interface CapRow {
  id: number;
  metric: CapMetric;
  period: CapPeriod;
  limit: number | string;
  mode: CapMode;
  alert_percent: number;
}

/** How much of a cap one conversion takes: one new customer (signup or sale), or its earning in cents. */
function amountFor(metric: CapMetric, p: { newCustomer: boolean; earningCents: number }): number {
  if (metric === 'conversions') return p.newCustomer ? 1 : 0;
  if (metric === 'payout') return p.earningCents;
  return 0;
}

/**
 * Takes a conversion's place under every conversion and payout cap on its offer (the offer's and
 * the affiliate's own), in the caller's transaction, the one that records the conversion: the
 * batch's mechanism (`admitUnderCaps`) for a batch of one, so both paths lock, admit and alert
 * alike. Over a hard cap it takes nothing and answers false (the conversion is refused whole).
 * Soft caps always take. Reversals never call this: they give no room back.
 */
export async function takeConversionCaps(tx: Db, p: CapDemand): Promise<boolean> {
  return (await admitUnderCaps(tx, [p], await conversionCapsOf(tx, [p.offerId]))).admitted[0]!;
}

/** Marks the period alerted (only the first to cross the threshold does) and enqueues its email with the transaction. */
export async function alertOnce(tx: Db, capId: number, start: string): Promise<void> {
  const [marked] = await rows<{ cap_id: number }>(
    tx,
    sql`update cap_counters set alerted_at = now() where cap_id = ${capId} and period_start = ${start}::date and alerted_at is null returning cap_id`,
  );
  if (marked) await enqueue(tx, CAP_ALERT_JOB, { cap_id: capId, period_start: start });
}

// The batched writer's statements, named (prepared once per connection): every batch on a capped offer runs them.
const capsOfOffers: Statement = {
  name: 'caps_of_offers',
  text: `SELECT id, offer_id, affiliate_id, metric, period, "limit", mode, alert_percent FROM caps
    WHERE offer_id = ANY($1::int[]) AND metric IN ('conversions', 'payout') ORDER BY id`,
};
const ensureCounters: Statement = {
  name: 'caps_ensure_counters',
  text: `INSERT INTO cap_counters (cap_id, period_start, used)
    SELECT cap_id, period_start, 0 FROM unnest($1::int[], $2::date[]) AS k(cap_id, period_start)
    ORDER BY cap_id, period_start ON CONFLICT (cap_id, period_start) DO NOTHING`,
};
const lockCounters: Statement = {
  name: 'caps_lock_counters',
  text: `SELECT c.cap_id, c.period_start::text AS start, c.used, c.alerted_at IS NOT NULL AS alerted, c.refused_at IS NOT NULL AS refused
    FROM cap_counters c JOIN unnest($1::int[], $2::date[]) AS k(cap_id, period_start) ON c.cap_id = k.cap_id AND c.period_start = k.period_start
    ORDER BY c.cap_id, c.period_start FOR UPDATE OF c`,
};
const addCounters: Statement = {
  name: 'caps_add_counters',
  text: `UPDATE cap_counters c SET used = c.used + k.n
    FROM unnest($1::int[], $2::date[], $3::bigint[]) AS k(cap_id, period_start, n)
    WHERE c.cap_id = k.cap_id AND c.period_start = k.period_start`,
};

/**
 * The conversion and payout caps of these offers, in cap order: read once by the batched writer,
 * which learns from them which conversions ask for room, and handed to `admitUnderCaps`.
 */
export async function conversionCapsOf(db: Db, offerIds: readonly number[]): Promise<ConversionCaps> {
  if (!offerIds.length) return [];
  return runStatementOn<BatchCapRow>(db, capsOfOffers, [[...new Set(offerIds)]]);
}

/** One conversion asking for its place under its offer's caps (batched writer). */
export interface CapDemand {
  offerId: number;
  affiliateId: number;
  newCustomer: boolean;
  earningCents: number;
  now: Date;
}

interface BatchCapRow extends CapRow {
  offer_id: number;
  affiliate_id: number | null;
}

/** Offers' conversion and payout caps as `conversionCapsOf` read them. */
export type ConversionCaps = readonly BatchCapRow[];

/** Each demand's share of each cap that applies to it: the counter's key and the amount. */
function sharesOf(caps: readonly BatchCapRow[], d: CapDemand): Array<{ cap: BatchCapRow; key: string; start: string; n: number }> {
  return caps.flatMap((cap) => {
    if (cap.offer_id !== d.offerId || (cap.affiliate_id !== null && cap.affiliate_id !== d.affiliateId)) return [];
    const n = amountFor(cap.metric, d);
    if (n <= 0) return [];
    const start = periodStart(cap.period, d.now);
    return [{ cap, key: `${cap.id}|${start}`, start, n }];
  });
}

/** What `admitUnderCaps` answers: per demand whether it was admitted, and how to give admitted ones' room back. */
export interface Admission {
  admitted: boolean[];
  /** Gives back, on `q` (the same transaction or after it), what the admitted demands at these positions took (duplicates found afterwards, a batch that failed). */
  giveBack(q: Db, positions: readonly number[]): Promise<void>;
}

/**
 * Takes the places of conversions under their offers' conversion and payout caps, in one
 * transaction (the one that records them): every counter row they touch is locked at once, in cap
 * order, the conversions are admitted in their order while every hard cap of theirs has room, and
 * the counters are written back in one statement. The caller stores the others as over cap. A cap
 * crossing its alert threshold enqueues its alert, once per period. `caps`: the demands' offers'
 * caps (`conversionCapsOf`).
 */
export async function admitUnderCaps(tx: Db, demands: readonly CapDemand[], caps: ConversionCaps): Promise<Admission> {
  const shares = demands.map((d) => sharesOf(caps, d));
  const keys = new Map<string, { capId: number; start: string }>();
  for (const s of shares.flat()) keys.set(s.key, { capId: s.cap.id, start: s.start });
  if (!keys.size) return { admitted: demands.map(() => true), giveBack: async () => {} };
  const list = [...keys.values()].sort((a, b) => a.capId - b.capId || a.start.localeCompare(b.start));
  const keyParams = [list.map((k) => k.capId), list.map((k) => k.start)];
  await runStatementOn(tx, ensureCounters, keyParams);
  const locked = await runStatementOn<{ cap_id: number; start: string; used: number | string; alerted: boolean; refused: boolean }>(tx, lockCounters, keyParams);
  const used = new Map(locked.map((r) => [`${r.cap_id}|${r.start}`, Number(r.used)]));
  const before = new Map(used);
  const refused = new Set<string>();
  const admitted = shares.map((mine) => {
    const over = mine.filter((s) => s.cap.mode === 'hard' && used.get(s.key)! + s.n > Number(s.cap.limit));
    for (const s of over) refused.add(s.key);
    if (over.length) return false;
    for (const s of mine) used.set(s.key, used.get(s.key)! + s.n);
    return true;
  });
  const changed = list.filter((k) => used.get(`${k.capId}|${k.start}`) !== before.get(`${k.capId}|${k.start}`));
  await addToCounters(
    tx,
    changed.map((k) => ({ ...k, n: used.get(`${k.capId}|${k.start}`)! - before.get(`${k.capId}|${k.start}`)! })),
  );
  // A hard cap that refused one is full for the rest of its period: its offer's clicks go to the fallback (full-caps.ts).
  const newlyRefused = locked.filter((r) => !r.refused && refused.has(`${r.cap_id}|${r.start}`));
  if (newlyRefused.length) {
    await tx.execute(sql`update cap_counters c set refused_at = now()
      from unnest(${intArray(newlyRefused.map((r) => r.cap_id))}::int[], ${`{${newlyRefused.map((r) => r.start).join(',')}}`}::date[]) as k(cap_id, period_start)
      where c.cap_id = k.cap_id and c.period_start = k.period_start`);
  }
  const alerted = new Set(locked.filter((r) => r.alerted).map((r) => `${r.cap_id}|${r.start}`));
  const capOf = new Map(caps.map((c) => [c.id, c]));
  for (const k of changed) {
    const key = `${k.capId}|${k.start}`;
    const cap = capOf.get(k.capId)!;
    if (!alerted.has(key) && used.get(key)! * 100 >= Number(cap.limit) * cap.alert_percent) await alertOnce(tx, k.capId, k.start);
  }
  return {
    admitted,
    giveBack: async (q, positions) => {
      const back = new Map<string, { capId: number; start: string; n: number }>();
      for (const s of positions.filter((p) => admitted[p]).flatMap((p) => shares[p]!)) {
        const k = back.get(s.key) ?? { capId: s.cap.id, start: s.start, n: 0 };
        k.n -= s.n;
        back.set(s.key, k);
      }
      await addToCounters(q, [...back.values()].sort((a, b) => a.capId - b.capId || a.start.localeCompare(b.start)));
    },
  };
}

/** Adds `n` (negative: gives back) to each counter row, in one statement; rows already locked by the caller. */
async function addToCounters(tx: Db, list: ReadonlyArray<{ capId: number; start: string; n: number }>): Promise<void> {
  if (!list.length) return;
  await runStatementOn(tx, addCounters, [list.map((k) => k.capId), list.map((k) => k.start), list.map((k) => k.n)]);
}

/**
 * Whether each conversion, taken alone now, would pass a hard cap of its offer (more than the
 * room its period has left): what staff are told before they approve a held conversion. A read, no lock: the approval itself decides under the lock (`admitUnderCaps`).
 */
export async function wouldPassHardCaps(db: Db, demands: readonly CapDemand[]): Promise<boolean[]> {
  const offerIds = [...new Set(demands.map((d) => d.offerId))];
  if (!offerIds.length) return [];
  const caps = await rows<BatchCapRow>(
    db,
    sql`select id, offer_id, affiliate_id, metric, period, "limit", mode, alert_percent from caps
      where offer_id = any(${intArray(offerIds)}::int[]) and metric in ('conversions', 'payout') and mode = 'hard' order by id`,
  );
  const shares = demands.map((d) => sharesOf(caps, d));
  const keys = [...new Map(shares.flat().map((s) => [s.key, { capId: s.cap.id, start: s.start }])).values()];
  if (!keys.length) return demands.map(() => false);
  const found = await rows<{ cap_id: number; start: string; used: number | string }>(
    db,
    sql`select c.cap_id, c.period_start::text as start, c.used from cap_counters c
      join unnest(${intArray(keys.map((k) => k.capId))}::int[], ${`{${keys.map((k) => k.start).join(',')}}`}::date[]) as k(cap_id, period_start) on c.cap_id = k.cap_id and c.period_start = k.period_start`,
  );
  const used = new Map(found.map((r) => [`${r.cap_id}|${r.start}`, Number(r.used)]));
  return shares.map((mine) => mine.some((s) => (used.get(s.key) ?? 0) + s.n > Number(s.cap.limit)));
}
