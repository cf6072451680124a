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

/**
 * A payout's method fee restated when it is paid (docs/payment-runs.md, Made): the payout takes the
 * same gross from the balance, `deltaCents` more of it (or less, when negative) as the method's fee
 * and as much less as the amount paid. Two new rows naming the payout, one negative and one positive
 * naming the other in `source_id`; the balance and the close's windows do not move. Never an edit.
 */
export async function restatePayoutFee(tx: Db, payout: { id: number; affiliateId: number }, deltaCents: number, method: string, at: Date): Promise<void> {
  if (deltaCents === 0) return;
  const [taken, given] = deltaCents > 0
    ? [{ kind: 'fee', reason: `Payment method fee (${method}), applied when paid` }, { kind: 'payout', reason: `Payout less the ${method} fee` }]
    : [{ kind: 'payout', reason: `Payout plus the ${method} fee saved` }, { kind: 'fee', reason: `Payment method fee (${method}) lower when paid` }];
  const cents = Math.abs(deltaCents);
  await tx.execute(sql`
    with taken as (
      insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, reason, day, created_at)
      values (${payout.affiliateId}, ${taken.kind}, ${-cents}, ${payout.id}, ${taken.reason}, ${ledgerDay(at)}::date, ${at}) returning id)
    insert into ledger_entries (affiliate_id, kind, amount_cents, payout_id, source_id, reason, day, created_at)
    select ${payout.affiliateId}, ${given.kind}, ${cents}, ${payout.id}, taken.id, ${given.reason}, ${ledgerDay(at)}::date, ${at} from taken`);
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
