import { type BulkResult, type PayoutStatus, payoutMessages, UNMARK_PAID_DAYS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { andScope, type Scope } from '../../lib/scope.ts';
import { returnPayoutEntries } from '../ledger/index.ts';
import { lockPayouts } from './close.ts';
import { loadTerms } from './eligibility.ts';
import { dayStart, laDate } from './periods.ts';
import { inOpenRun } from './run-transitions.ts';
import { intArray, rows } from './sql.ts';

/**
 * Moving a payout from one status to the next: each move is one transaction that changes the
 * payout, writes its ledger rows (a rejection returns the money) and records who and when.
 */

const conflict = (message: string) => new AppError('conflict', message);

interface Locked {
  id: number;
  affiliate_id: number;
  status: PayoutStatus;
}

async function lockOne(tx: Db, id: number): Promise<Locked> {
  const [row] = await rows<Locked>(tx, sql`select id, affiliate_id, status from payouts where id = ${id} for update`);
  if (!row) throw new NotFoundError(payoutMessages.notFound);
  return row;
}

async function record(tx: Db, id: number, from: PayoutStatus | null, to: PayoutStatus, by: number | null, reason: string | null, at: Date): Promise<void> {
  await tx.execute(sql`insert into payout_transitions (payout_id, from_status, to_status, by_user_id, reason, at) values (${id}, ${from}, ${to}, ${by}, ${reason}, ${at})`);
}

/** `now`: when it happened, for the demo network's history (default: the database's clock). */
type When = { now?: Date };

export async function approvePayout(db: Db, id: number, by: number, options: When = {}): Promise<PayoutStatus> {
  return db.transaction(async (tx) => {
    const clock = await lockPayouts(tx, 'shared');
    const at = options.now ?? clock;
    const p = await lockOne(tx, id);
    if (p.status === 'held') {
      // Fixed since the last look? Then it is approved at once; else it stays held.
      const terms = (await loadTerms(tx, [p.affiliate_id])).get(p.affiliate_id);
      if (terms && terms.issues.length > 0) throw conflict(payoutMessages.held);
    } else if (p.status !== 'to_approve') throw conflict(payoutMessages.notToApprove);
    await tx.execute(sql`update payouts set status = 'to_pay', hold_reasons = '{}', approved_at = ${at}, updated_at = ${at} where id = ${id}`);
    await record(tx, id, p.status, 'to_pay', by, null, at);
    return 'to_pay' as const;
  });
}

const paidOnError = (message: string) => new AppError('validation_failed', message, { paid_on: [message] });

/**
 * When the payment was made: `paidOn` (a Los Angeles day, not after today, not before the approval)
 * as its first instant, or the moment of marking when it is today or not given.
 */
function paidAt(paidOn: string | null, at: Date, approvedAt: Date | null): Date {
  if (!paidOn || paidOn === laDate(at)) return at;
  if (paidOn > laDate(at)) throw paidOnError(payoutMessages.paidOnFuture);
  if (approvedAt && paidOn < laDate(approvedAt)) throw paidOnError(payoutMessages.paidOnBeforeApproval);
  return dayStart(paidOn);
}

export interface PaidInput {
  reference: string | null;
  /** YYYY-MM-DD in Los Angeles; null: today. */
  paidOn?: string | null;
}

/**
 * to_pay -> paid. Marking paid writes no ledger row (the close already took the gross out of the
 * balance): only the payout's paid_at and reference, and its transition, all of which unmark-paid undoes.
 */
export async function markPayoutPaid(db: Db, id: number, by: number, input: PaidInput, options: When = {}): Promise<PayoutStatus> {
  return db.transaction(async (tx) => {
    const clock = await lockPayouts(tx, 'shared');
    const at = options.now ?? clock;
    const p = await lockOne(tx, id);
    if (p.status !== 'to_pay') throw conflict(payoutMessages.notApproved);
    if (await inOpenRun(tx, id)) throw conflict(payoutMessages.inPaymentRun);
    const [row] = await rows<{ approved_at: Date | string | null }>(tx, sql`select approved_at from payouts where id = ${id}`);
    const when = paidAt(input.paidOn ?? null, at, row?.approved_at ? new Date(row.approved_at) : null);
    // Paid by the affiliate's method when it is paid (docs/payment-runs.md): the one they have chosen now, if any.
    await tx.execute(sql`update payouts p set status = 'paid', paid_at = ${when}, reference = ${input.reference}, updated_at = ${at},
      method = coalesce((select cm.type from billing_accounts ba join payment_methods cm on cm.id = ba.payment_method_id where ba.user_id = p.affiliate_id and cm.is_active), p.method)
      where p.id = ${id}`);
    await record(tx, id, 'to_pay', 'paid', by, input.reference, at);
    return 'paid' as const;
  });
}

/**
 * paid -> to_pay, within UNMARK_PAID_DAYS of the marking (the time of its transition row): the
 * payout's paid_at and reference are cleared and a transition with the reason is appended. The
 * ledger is untouched, as marking paid never wrote to it; the payout row lock makes a race with
 * mark-paid one after the other.
 */
export async function unmarkPayoutPaid(db: Db, id: number, by: number, reason: string, options: When = {}): Promise<PayoutStatus> {
  return db.transaction(async (tx) => {
    const clock = await lockPayouts(tx, 'shared');
    const at = options.now ?? clock;
    const p = await lockOne(tx, id);
    if (p.status !== 'paid') throw conflict(payoutMessages.notPaid);
    if (await inOpenRun(tx, id)) throw conflict(payoutMessages.inPaymentRun);
    const [marked] = await rows<{ at: Date | string }>(tx, sql`select at from payout_transitions where payout_id = ${id} and to_status = 'paid' order by at desc, id desc limit 1`);
    if (!marked || at.getTime() - new Date(marked.at).getTime() > UNMARK_PAID_DAYS * 86_400_000) throw conflict(payoutMessages.unmarkTooLate);
    await tx.execute(sql`update payouts set status = 'to_pay', paid_at = null, reference = null, updated_at = ${at} where id = ${id}`);
    await record(tx, id, 'paid', 'to_pay', by, reason, at);
    return 'to_pay' as const;
  });
}

/** Rejecting returns the payout's gross to the balance: a correcting row for each of its ledger rows. */
export async function rejectPayout(db: Db, id: number, by: number, reason: string, options: When = {}): Promise<PayoutStatus> {
  return db.transaction(async (tx) => {
    const clock = await lockPayouts(tx, 'shared');
    const at = options.now ?? clock;
    const p = await lockOne(tx, id);
    if (p.status === 'paid' || p.status === 'rejected' || p.status === 'returned') throw conflict(payoutMessages.notRejectable);
    if (await inOpenRun(tx, id)) throw conflict(payoutMessages.inPaymentRun);
    await returnPayoutEntries(tx, id, by, reason, at);
    await tx.execute(sql`update payouts set status = 'rejected', reject_reason = ${reason}, rejected_at = ${at}, updated_at = ${at} where id = ${id}`);
    await record(tx, id, p.status, 'rejected', by, reason, at);
    return 'rejected' as const;
  });
}

export async function changePayoutBank(db: Db, id: number, by: number, bankId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await lockOne(tx, id);
    if (p.status === 'paid' || p.status === 'rejected') throw conflict(payoutMessages.bankNotChangeable);
    const [bank] = await rows<{ id: number }>(tx, sql`select id from banks where id = ${bankId} and is_active`);
    if (!bank) throw new AppError('validation_failed', payoutMessages.unknownBank, { bank_id: [payoutMessages.unknownBank] });
    await tx.execute(sql`update payouts set bank_id = ${bankId}, updated_at = now() where id = ${id}`);
    await record(tx, id, p.status, p.status, by, `Bank changed to #${bankId}`, new Date());
  });
}

/**
 * Held payouts whose affiliates have fixed their profile go to approval (the system records it);
 * run before payouts are shown or approved, so a fix shows at once. The scope says whose: one
 * affiliate's, or the whole network's.
 */
export async function releaseFixedHolds(db: Db, scope: Scope): Promise<number> {
  const held = await rows<{ id: number; affiliate_id: number }>(
    db,
    sql`select id, affiliate_id from payouts where status = 'held' ${andScope(scope, sql`affiliate_id`)}`,
  );
  if (held.length === 0) return 0;
  const terms = await loadTerms(db, [...new Set(held.map((h) => h.affiliate_id))]);
  const fixed = held.filter((h) => (terms.get(h.affiliate_id)?.issues.length ?? 1) === 0).map((h) => h.id);
  if (fixed.length === 0) return 0;
  await db.transaction(async (tx) => {
    const at = await lockPayouts(tx, 'shared');
    const moved = await rows<{ id: number }>(
      tx,
      sql`update payouts set status = 'to_approve', hold_reasons = '{}', updated_at = ${at}
          where id = any(${intArray(fixed)}::int[]) and status = 'held' returning id`,
    );
    for (const m of moved) await record(tx, m.id, 'held', 'to_approve', null, 'Profile issues fixed', at);
  });
  return fixed.length;
}

/** Runs one action per id, each in its own transaction, and answers a result per id. */
export async function bulk(ids: readonly number[], action: (id: number) => Promise<PayoutStatus>): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const status = await action(id);
      results.push({ id, ok: true, status, error_code: null, message: 'OK' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, status: null, error_code: error.code, message: error.message });
    }
  }
  return { results };
}
