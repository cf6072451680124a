import { type ClosePeriodResult, NETWORK_TIME_ZONE, payoutMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { appendPayoutEntries } from '../ledger/index.ts';
import { backupWithholdingBp, billingSql, decide, holdDays, longerHolds, type TermsRow, termsColumns, termsFrom, termsOf } from './eligibility.ts';
import { closeCutoff, periodEnd } from './periods.ts';
import { cents, intArray, rows, textArray, toDollars } from './sql.ts';
import { type EarlierCutoffs, uncoveredSums } from './window.ts';
import { PAYOUTS_LOCK_KEY } from '../../db/lock-keys.ts';
import { getNetworkDetails } from '../settings/index.ts';


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

/** A window's sum beside its affiliate's terms (its start and the billing details stay in the database). */
interface Candidate extends TermsRow {
  gross: unknown;
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
    // An affiliate whose chargebacks lengthen their hold has a window that ends earlier: what is
    // younger than their own hold waits for a later close (docs/fraud.md, Holds that follow risk).
    const earlier: EarlierCutoffs = { ids: [], cutoffs: [] };
    for (const [id, days] of await longerHolds(tx, hold, now)) {
      earlier.ids.push(id);
      earlier.cutoffs.push(closeCutoff(period, now, days));
    }

    // Each window's sum beside the affiliate's terms, read once (one statement: one snapshot) and kept for the
    // transaction: the payouts' billing details go from here straight into their rows, never through the app.
    await tx.execute(sql`create temporary table close_window on commit drop as
      select s.gross, s.cutoff, s.previous_cutoff, s.previous_created_at, ${termsColumns}, ${billingSql} as billing
      from ${termsFrom} join (${uncoveredSums(cutoff, earlier)}) s on s.affiliate_id = u.id
      where u.is_client`);
    const candidates = await rows<Candidate>(
      tx,
      sql`select affiliate_id, gross, name, email, method, method_name, min_payout_cents, method_fee_cents,
            withholding_bp, split_fee_bp, recipient_type, country, billing_complete, legal_form_status, legal_form_expires_at, legal_form_declined,
            method_active, address, city, postal_code
          from close_window`,
    );
    step('sums');
    const terms = termsOf(candidates, candidates.length ? await backupWithholdingBp(tx) : 0);

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
      const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, year: 'numeric' }).format(now));
      const [counter] = await rows<{ last: number }>(
        tx,
        sql`insert into invoice_counters (year, last) values (${year}, ${made.length})
            on conflict (year) do update set last = invoice_counters.last + excluded.last returning last`,
      );
      const first = counter!.last - made.length + 1;
      made.forEach((p, i) => (p.seq = first + i));
      const column = <K extends keyof (typeof made)[number]>(key: K) => made.map((p) => p[key]);
      // The issuer's (the network's) details as they are now, frozen into each payout: its invoice and
      // receipt print them, whatever staff change in Network details later.
      const issuer = JSON.stringify(await getNetworkDetails(tx));
      // The payouts as one typed array per column, read in order (an array is parsed several times faster
      // than the same rows in JSON), with their window's start and billing details from the close's own
      // read.
      await tx.execute(sql`set local work_mem = '64MB'`);
      // The payouts and their ledger rows in one statement: the ledger's verb writes its rows from the payouts this step makes.
      const payouts = sql`
        input as (
          select * from unnest(${intArray(column('affiliate_id'))}::int[], ${textArray(column('status'))}::text[],
            ${intArray(column('gross'))}::bigint[], ${intArray(column('withholding'))}::bigint[], ${intArray(column('split_fee'))}::bigint[],
            ${intArray(column('method_fee'))}::bigint[], ${intArray(column('amount'))}::bigint[], ${intArray(column('minimum'))}::bigint[],
            ${textArray(column('method'))}::text[], ${textArray(made.map((p) => p.hold_reasons.join(',')))}::text[], ${intArray(column('seq'))}::int[]
          ) as x(affiliate_id, status, gross, withholding, split_fee, method_fee, amount, minimum, method, hold_reasons, seq)
        ),
        made as (
          insert into payouts (affiliate_id, period, status, gross_cents, withholding_cents, fee_cents, method_fee_cents, amount_cents, minimum_cents,
            method, hold_reasons, invoice_year, invoice_seq, from_cutoff, cutoff, previous_created_at, billing, created_at, updated_at)
          select x.affiliate_id, ${period}, x.status, x.gross, x.withholding, x.split_fee + x.method_fee, x.method_fee, x.amount, x.minimum,
            x.method, string_to_array(x.hold_reasons, ','), ${year}, x.seq, w.previous_cutoff, w.cutoff, w.previous_created_at, w.billing || jsonb_build_object('issuer', ${issuer}::jsonb), ${now}, ${now}
          from input x join close_window w on w.affiliate_id = x.affiliate_id order by x.seq
          returning id, affiliate_id, withholding_cents, fee_cents, method_fee_cents, amount_cents
        )`;
      await appendPayoutEntries(tx, { with: payouts, from: sql`made` }, now);
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
