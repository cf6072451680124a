import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type FeeRestatement, restatePayoutFees, returnSentPayout } from '../ledger/index.ts';
import { lockPayouts } from './close.ts';
import { intArray, rows, textArray } from './sql.ts';

/**
 * A payment run's moves of its payouts (docs/payment-runs.md), in the run's transaction: the run
 * marks its payouts paid with each item's reference, and a payment the bank returns gives the
 * payout's gross back to the balance.
 */

/** A payout in an open payment run is the run's: it is not paid, rejected or unmarked by hand. */
export async function inOpenRun(tx: Db, payoutId: number): Promise<boolean> {
  const [row] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from payment_run_items where payout_id = ${payoutId} and open`);
  return (row?.n ?? 0) > 0;
}

/**
 * to_pay -> paid for the run's payouts, as mark-paid does (no ledger row: the close took the gross
 * out), each with its item's reference and a transition naming the run. Answers the ids moved.
 */
export async function markRunPayoutsPaid(tx: Db, items: ReadonlyArray<{ payoutId: number; reference: string }>, by: number, runId: number, at: Date): Promise<number[]> {
  if (!items.length) return [];
  await lockPayouts(tx, 'shared');
  const moved = await rows<{ id: number }>(
    tx,
    sql`update payouts p set status = 'paid', paid_at = ${at}, reference = x.reference, updated_at = ${at}
        from unnest(${intArray(items.map((i) => i.payoutId))}::int[], ${textArray(items.map((i) => i.reference))}::text[]) as x(id, reference)
        where p.id = x.id and p.status = 'to_pay' returning p.id`,
  );
  const reason = `Payment run #${runId}`;
  await tx.execute(sql`insert into payout_transitions (payout_id, from_status, to_status, by_user_id, reason, at)
    select id, 'to_pay', 'paid', ${by}, ${reason}, ${at} from unnest(${intArray(moved.map((m) => m.id))}::int[]) as t(id)`);
  return moved.map((m) => m.id);
}

/**
 * paid -> returned: the bank sent the payment back. Its gross returns to the balance as new ledger
 * rows (the ledger's verb writes them once), the reason is kept and a transition recorded. The caller
 * holds the run item's row lock. Answers the cents given back (0 when the payout was not paid).
 */
export async function returnPaidPayout(tx: Db, payoutId: number, reason: string, at: Date): Promise<number> {
  await lockPayouts(tx, 'shared');
  const [p] = await rows<{ status: string }>(tx, sql`select status from payouts where id = ${payoutId} for update`);
  if (p?.status !== 'paid') return 0;
  const cents = await returnSentPayout(tx, payoutId, `Returned by the bank: ${reason}`, at);
  await tx.execute(sql`update payouts set status = 'returned', reject_reason = ${reason.slice(0, 500)}, updated_at = ${at} where id = ${payoutId}`);
  await tx.execute(sql`insert into payout_transitions (payout_id, from_status, to_status, by_user_id, reason, at) values (${payoutId}, 'paid', 'returned', null, ${reason.slice(0, 500)}, ${at})`);
  return cents;
}

/** The payout is paid by the affiliate's method when it is paid: a run writes the method it pays by. */
export async function setPayoutMethods(tx: Db, ids: readonly number[], method: string): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`update payouts set method = ${method}, updated_at = now() where id = any(${intArray(ids)}::int[]) and status = 'to_pay' and method <> ${method}`);
}

/**
 * The fee of the method each payout is paid by, when it is paid (docs/payment-runs.md, Made): a
 * payout keeps its gross; its method fee grows by `deltaCents` (or shrinks) and its amount changes
 * by as much the other way, with the ledger rows that say so. The caller holds the payouts' row locks.
 */
export async function applyMethodFees(tx: Db, list: readonly FeeRestatement[], at: Date): Promise<void> {
  const changed = list.filter((r) => r.deltaCents !== 0);
  if (!changed.length) return;
  await tx.execute(sql`update payouts p set method_fee_cents = p.method_fee_cents + x.delta, fee_cents = p.fee_cents + x.delta, amount_cents = p.amount_cents - x.delta, updated_at = ${at}
    from unnest(${intArray(changed.map((c) => c.payoutId))}::int[], ${intArray(changed.map((c) => c.deltaCents))}::bigint[]) as x(id, delta) where p.id = x.id`);
  await restatePayoutFees(tx, changed, at);
}
