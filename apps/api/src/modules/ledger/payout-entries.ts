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
