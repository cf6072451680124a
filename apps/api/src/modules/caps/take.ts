import type { CapMetric, CapMode, CapPeriod } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../jobs/index.ts';
import { intArray, rows } from '../../db/rows.ts';
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
 * the affiliate's own), in the caller's transaction, the one that records the conversion: one
 * upsert per cap on its counter row (`used + n <= limit`, the row locked by the update itself), so
 * concurrent conversions can never pass a hard cap together. Over a hard cap: the room taken from
 * the caps before it is given back in the same transaction, and the answer is false (the
 * conversion is refused whole). Soft caps always take. A cap crossing its alert threshold
 * enqueues its alert, once per period. Reversals never call this: they give no room back.
 */
export async function takeConversionCaps(tx: Db, p: { offerId: number; affiliateId: number; newCustomer: boolean; earningCents: number; now: Date }): Promise<boolean> {
  const capRows = await rows<CapRow>(
    tx,
    sql`select id, metric, period, "limit", mode, alert_percent from caps
      where offer_id = ${p.offerId} and (affiliate_id is null or affiliate_id = ${p.affiliateId}) and metric in ('conversions', 'payout')
      order by id`,
  );
  const taken: Array<{ id: number; start: string; n: number }> = [];
  for (const cap of capRows) {
    const n = amountFor(cap.metric, p);
    if (n <= 0) continue;
    const start = periodStart(cap.period, p.now);
    const limit = Number(cap.limit);
    // A soft cap only counts; a hard one takes the room only while it lasts.
    const ceiling = cap.mode === 'hard' ? limit : Number.MAX_SAFE_INTEGER;
    const [row] = await rows<{ used: number | string; alerted: boolean }>(
      tx,
      sql`insert into cap_counters (cap_id, period_start, used)
        select ${cap.id}, ${start}::date, ${n}::bigint where ${n}::bigint <= ${ceiling}::bigint
        on conflict (cap_id, period_start) do update set used = cap_counters.used + excluded.used
          where cap_counters.used + excluded.used <= ${ceiling}::bigint
        returning used, alerted_at is not null as alerted`,
    );
    if (!row) {
      // Refused whole: what the caps before this one took is given back.
      for (const t of taken) await tx.execute(sql`update cap_counters set used = used - ${t.n}::bigint where cap_id = ${t.id} and period_start = ${t.start}::date`);
      return false;
    }
    taken.push({ id: cap.id, start, n });
    if (!row.alerted && Number(row.used) * 100 >= limit * cap.alert_percent) await alertOnce(tx, cap.id, start);
  }
  return true;
}

/** Marks the period alerted (only the first to cross the threshold does) and enqueues its email with the transaction. */
export async function alertOnce(tx: Db, capId: number, start: string): Promise<void> {
  const [marked] = await rows<{ cap_id: number }>(
    tx,
    sql`update cap_counters set alerted_at = now() where cap_id = ${capId} and period_start = ${start}::date and alerted_at is null returning cap_id`,
  );
  if (marked) await enqueue(tx, CAP_ALERT_JOB, { cap_id: capId, period_start: start });
}

/** The offers among `offerIds` that have a conversion or payout cap (the batched writer sends their conversions one by one). */
export async function offersWithConversionCaps(db: Db, offerIds: number[]): Promise<Set<number>> {
  if (!offerIds.length) return new Set();
  const found = await rows<{ offer_id: number }>(
    db,
    sql`select distinct offer_id from caps where offer_id = any(${intArray(offerIds)}::int[]) and metric in ('conversions', 'payout')`,
  );
  return new Set(found.map((r) => Number(r.offer_id)));
}
