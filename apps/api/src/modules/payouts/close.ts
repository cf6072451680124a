import { type ClosePeriodResult, payoutMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { decide, holdDays, loadTerms } from './eligibility.ts';
import { closeCutoff, periodEnd } from './periods.ts';
import { cents, rows, toDollars } from './sql.ts';
import { uncoveredSums } from './window.ts';

/** Every action that writes payouts or their ledger rows takes this lock: the close alone, the others shared. */
export const PAYOUTS_LOCK_KEY = 727_012;

/** Takes the payouts lock for the transaction (a no-op cost on PGlite, which has one connection). */
export async function lockPayouts(tx: Db, mode: 'exclusive' | 'shared'): Promise<Date> {
  if (mode === 'exclusive') await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUTS_LOCK_KEY})`);
  else await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYOUTS_LOCK_KEY})`);
  // The moment after the lock: rows written by actions that held it before are all earlier.
  const [row] = await rows<{ now: Date | string }>(tx, sql`select clock_timestamp() as now`);
  return new Date(row!.now);
}

const conflict = (message: string) => new AppError('conflict', message);

export interface CloseOptions {
  /** Staff user closing; undefined for the scheduled close. */
  byUserId?: number;
  /** For tests and the benchmark: the moment the close happens (default: the database's clock). */
  now?: Date;
  /** For the benchmark: told how long each step of the close took. */
  onStep?: (step: string, ms: number) => void;
}

interface Candidate {
  affiliate_id: number;
  gross: unknown;
  previous_cutoff: Date | string | null;
  previous_created_at: Date | string | null;
}

/**
 * Closes a period: one payout per affiliate whose window reaches their method's minimum, all in
 * one transaction under the exclusive payouts lock (docs/money.md, Closing a period).
 */
export async function closePeriod(db: Db, period: string, options: CloseOptions = {}): Promise<ClosePeriodResult> {
  let mark = performance.now();
  const step = (name: string) => {
    const at = performance.now();
    options.onStep?.(name, at - mark);
    mark = at;
  };
  const hold = await holdDays(db);
  return db.transaction(async (tx) => {
    // The app's connections plan every statement afresh (db/client.ts); here that would re-plan the
    // foreign-key check of every row written, most of the close's time. Cached plans for this transaction.
    await tx.execute(sql`set local plan_cache_mode = auto`);
    const clock = await lockPayouts(tx, 'exclusive');
    const now = options.now ?? clock;
    if (periodEnd(period) > now) throw conflict(payoutMessages.periodNotEnded);
    const [existing] = await rows<{ period: string }>(tx, sql`select period from payout_periods where period >= ${period} order by period desc limit 1`);
    if (existing) throw conflict(existing.period === period ? payoutMessages.periodAlreadyClosed : payoutMessages.periodBeforeLastClosed);
    const cutoff = closeCutoff(period, now, hold);

    const candidates = await rows<Candidate>(tx, uncoveredSums(cutoff));
    step('sums');
    // Read inside the transaction, on its own connection: a close waiting for a second connection while
    // others wait for its lock on every connection of the pool would wait for ever.
    const terms = await loadTerms(tx, candidates.length > 10_000 ? null : candidates.map((c) => c.affiliate_id));

    const made: {
      affiliate_id: number;
      status: string;
      gross: number;
      withholding: number;
      split_fee: number;
      method_fee: number;
      amount: number;
      minimum: number;
      method: string;
      hold_reasons: string[];
      from_cutoff: string | null;
      previous_created_at: string | null;
      billing: Record<string, unknown>;
      seq: number;
    }[] = [];
    let carried = 0;
    for (const c of candidates) {
      const t = terms.get(c.affiliate_id);
      if (!t) continue;
      const decision = decide(t, cents(c.gross));
      if (!decision.pay) {
        carried++;
        continue;
      }
      made.push({
        affiliate_id: c.affiliate_id,
        status: decision.status,
        gross: decision.figures.grossCents,
        withholding: decision.figures.withholdingCents,
        split_fee: decision.figures.splitFeeCents,
        method_fee: decision.figures.methodFeeCents,
        amount: decision.figures.amountCents,
        minimum: t.minimumCents,
        method: t.method,
        hold_reasons: decision.holdReasons,
        from_cutoff: c.previous_cutoff === null ? null : new Date(c.previous_cutoff).toISOString(),
        previous_created_at: c.previous_created_at === null ? null : new Date(c.previous_created_at).toISOString(),
        billing: t.billing,
        seq: 0,
      });
    }

    step('terms');
    const total = made.reduce((s, p) => s + p.amount, 0);
    await tx.execute(
      sql`insert into payout_periods (period, cutoff, closed_at, closed_by, payouts, amount_cents)
          values (${period}, ${cutoff}, ${now}, ${options.byUserId ?? null}, ${made.length}, ${total})`,
    );
    if (made.length > 0) {
      // One counter row per year, moved once per close inside its transaction: numbers are never skipped or reused.
      const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' }).format(now));
      const [counter] = await rows<{ last: number }>(
        tx,
        sql`insert into invoice_counters (year, last) values (${year}, ${made.length})
            on conflict (year) do update set last = invoice_counters.last + excluded.last returning last`,
      );
      const first = counter!.last - made.length + 1;
      made.forEach((p, i) => (p.seq = first + i));
      const payload = JSON.stringify(made);
      // The payouts in one parameter, read once (json, not jsonb: nothing is looked up in it), kept in memory while ordered.
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`
        with input as (
          select * from json_to_recordset(${payload}::json) as x(
            affiliate_id int, status text, gross bigint, withholding bigint, split_fee bigint, method_fee bigint, amount bigint,
            minimum bigint, method text, hold_reasons text[], from_cutoff timestamptz, previous_created_at timestamptz,
            billing jsonb, seq int)
        ),
        made as (
          insert into payouts (affiliate_id, period, status, gross_cents, withholding_cents, fee_cents, method_fee_cents, amount_cents, minimum_cents,
            method, hold_reasons, invoice_year, invoice_seq, from_cutoff, cutoff, previous_created_at, billing, created_at, updated_at)
          select affiliate_id, ${period}, status, gross, withholding, split_fee + method_fee, method_fee, amount, minimum,
            method, hold_reasons, ${year}, seq, from_cutoff, ${cutoff}, previous_created_at, billing, ${now}, ${now}
          from input order by seq
          returning id, affiliate_id, status, withholding_cents, fee_cents, method_fee_cents, amount_cents
        )
        insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reason, day, created_at)
        select m.affiliate_id, r.kind, -r.cents, m.id, r.reason, (${now}::timestamptz at time zone 'America/Los_Angeles')::date, ${now}
        from made m
        cross join lateral (values
          ('withholding', m.withholding_cents, 'Tax withholding'),
          ('fee', m.fee_cents - m.method_fee_cents, 'Custom split fee'),
          ('fee', m.method_fee_cents, 'Payment method fee'),
          ('payout', m.amount_cents, 'Payout')) r(kind, cents, reason)
        where r.cents > 0`);
    }
    step('write');
    return {
      period,
      cutoff: cutoff.toISOString(),
      payouts: made.length,
      held: made.filter((p) => p.status === 'held').length,
      amount: toDollars(total),
      carried_over: carried,
    };
  });
}
