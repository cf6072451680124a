import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerDay } from './entries.ts';

/**
 * The payouts whose rows are written: `from` answers `id, affiliate_id, withholding_cents, fee_cents,
 * method_fee_cents, amount_cents`, one row per payout; `with` holds the caller's own steps that
 * `from` reads (the close's insert of its payouts), so payouts and rows are one statement.
 */
export interface PayoutsSource {
  with?: SQL;
  from: SQL;
}

/**
 * A payout takes its money out of the balance (docs/money.md, Closing a period): for each payout,
 * one negative row per part that is not zero: the tax withheld, the custom split fee, the payment
 * method's fee and the amount paid, all naming the payout. One INSERT ... SELECT in the caller's
 * transaction, whatever the number of payouts.
 */
export async function appendPayoutEntries(tx: Db, payouts: PayoutsSource, at: Date): Promise<void> {
  await tx.execute(sql`
    ${payouts.with ? sql`with ${payouts.with}` : sql``}
    insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reason, day, created_at)
    select p.affiliate_id, r.kind, -r.cents, p.id, r.reason, ${ledgerDay(at)}::date, ${at}
    from ${payouts.from} p
    cross join lateral (values
      ('withholding', p.withholding_cents, 'Tax withholding'),
      ('fee', p.fee_cents - p.method_fee_cents, 'Custom split fee'),
      ('fee', p.method_fee_cents, 'Payment method fee'),
      ('payout', p.amount_cents, 'Payout')) r(kind, cents, reason)
    where r.cents > 0`);
}

/**
 * A rejected payout returns its money: for each of the payout's rows not yet returned, a row of the
 * opposite amount naming it (`reverses_id`), the staff user and the reason. One INSERT ... SELECT in
 * the caller's transaction.
 */
export async function returnPayoutEntries(tx: Db, payoutId: number, by: number, reason: string, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reverses_id, created_by, reason, day, created_at)
    select affiliate_id, kind, -amount_cents, payout_id, id, ${by}, ${reason}, ${ledgerDay(at)}::date, ${at}
    from ledger_entries where payout_id = ${payoutId} and reverses_id is null`);
}

/** One payout's method fee restated: `deltaCents` more of its gross as the fee (less when negative). */
export interface FeeRestatement {
  payoutId: number;
  affiliateId: number;
  deltaCents: number;
  /** The method's name, for the rows' reasons. */
  method: string;
}

/**
 * Payouts' method fees restated when they are paid (docs/payment-runs.md, Made): each payout takes
 * the same gross from the balance, `deltaCents` more of it (or less, when negative) as the method's
 * fee and as much less as the amount paid. Two new rows per payout naming it, one negative and one
 * positive naming the other in `source_id`; the balance and the close's windows do not move. Never
 * an edit. One statement, whatever the number of payouts.
 */
export async function restatePayoutFees(tx: Db, list: readonly FeeRestatement[], at: Date): Promise<void> {
  const changed = list.filter((r) => r.deltaCents !== 0);
  if (!changed.length) return;
  const day = ledgerDay(at);
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x("payoutId" int, "affiliateId" int, "deltaCents" bigint, method text)
    ),
    taken as (
      insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reason, day, created_at)
      select x."affiliateId", case when x."deltaCents" > 0 then 'fee' else 'payout' end, -abs(x."deltaCents"), x."payoutId",
        case when x."deltaCents" > 0 then 'Payment method fee (' || x.method || '), applied when paid' else 'Payout plus the ' || x.method || ' fee saved' end,
        ${day}::date, ${at}
      from x returning id, payout_id
    )
    insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, source_id, reason, day, created_at)
    select x."affiliateId", case when x."deltaCents" > 0 then 'payout' else 'fee' end, abs(x."deltaCents"), x."payoutId", taken.id,
      case when x."deltaCents" > 0 then 'Payout less the ' || x.method || ' fee' else 'Payment method fee (' || x.method || ') lower when paid' end,
      ${day}::date, ${at}
    from taken join x on x."payoutId" = taken.payout_id`);
}

/**
 * A paid payout the bank returned (docs/payment-runs.md, Returns): what it took from the balance
 * (its gross: the amount sent, the withholding and the fees) comes back as new rows, one of the
 * opposite amount for each of the payout's rows not yet returned, naming it (`reverses_id`) and
 * the bank's reason. A later close pays them (they are returns in its window). Written once: a row
 * already returned is skipped, and a unique index refuses a second return of any row. Answers the
 * cents returned (0 when nothing was left to return).
 */
export async function returnSentPayout(tx: Db, payoutId: number, reason: string, at: Date): Promise<number> {
  const result = await tx.execute(sql`
    insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reverses_id, reason, day, created_at)
    select l.affiliate_id, l.kind, -l.amount_cents, l.payout_id, l.id, ${reason.slice(0, 500)}, ${ledgerDay(at)}::date, ${at}
    from ledger_entries l
    where l.payout_id = ${payoutId} and l.reverses_id is null
      and not exists (select 1 from ledger_entries r where r.reverses_id = l.id)
    returning amount_cents`);
  return (result as unknown as { rows: Array<{ amount_cents: string | number }> }).rows.reduce((s, r) => s + Number(r.amount_cents), 0);
}
