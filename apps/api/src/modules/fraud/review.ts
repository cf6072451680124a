import { type AppealRow, capMessages, type ConversionType, fraudMessages as fm, type HeldConversion, type heldConversionsQuerySchema, type ListMeta, listMeta, pageWindow } from '@portal/contracts';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { intArray } from '../../db/rows.ts';
import { conversionAppeals, conversions, offers, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { wouldPassHardCaps } from '../caps/index.ts';
import { APPEAL_DECIDED_JOB, APPEAL_RECEIVED_JOB } from '../email/index.ts';
import { enqueue } from '../jobs/index.ts';
import { heldReasonOf } from '../exchange-rates/index.ts';
import { earningOf } from '../ledger/index.ts';
import { effectivePayouts } from '../offers/index.ts';
import { isNewCustomer } from '../tracking/index.ts';

/**
 * Staff's review of conversions a fraud rule held (docs/fraud.md): approve (paid through the ledger
 * as a rate's arrival releases one, on the day of approval) or reject (a reason; nothing is owed).
 * Each runs under the conversion's row lock, so two approvals at once pay once; the second finds it
 * no longer held and is refused. Holding, approving or rejecting never changes money already paid.
 * Paying an approved conversion is the conversions' writer's (`PayApproved`, handed to this module
 * by `app.ts`), so the fraud module, which screens the conversions' reports, never imports them.
 */

/**
 * Pays an approved conversion, its row already `accepted` in `tx`, on the day of approval: the
 * conversions' writer (`payReleased`). Answers the earning's cents, or null when a full hard cap
 * refuses it (nothing written).
 */
export type PayApproved = (tx: Db, conversion: { id: number; type: ConversionType; transaction_id: string; cid: string | null }, amountCents: number, now: Date) => Promise<number | null>;

/** The decision on an appealed conversion goes to its affiliate (in the deciding transaction). */
async function tellAppellant(tx: Db, conversionId: number): Promise<void> {
  const [appeal] = await tx.select({ id: conversionAppeals.id }).from(conversionAppeals).where(eq(conversionAppeals.conversionId, conversionId));
  if (appeal) await enqueue(tx, APPEAL_DECIDED_JOB, { conversionId });
}

const awaitingReview = and(eq(conversions.status, 'held'), eq(conversions.fraudAction, 'hold'), isNull(conversions.reviewedAt));

export interface Reviewed {
  status: 'accepted' | 'held' | 'rejected';
  conversionId: number;
  earningCents: number | null;
  reason: string | null;
  affiliateId: number | null;
}

async function lockHeld(tx: Db, conversionId: number) {
  const [row] = await tx.select().from(conversions).where(eq(conversions.id, conversionId)).for('update');
  if (!row) throw new NotFoundError();
  if (row.status !== 'held' || row.fraudAction !== 'hold' || row.reviewedAt) throw new AppError('conflict', fm.notHeld);
  return row;
}

/** Approves a held conversion: paid now, or, still without a rate, left to the rate's arrival (release.ts). */
export async function approveHeld(db: Db, pay: PayApproved, conversionId: number, staffId: number, now = new Date()): Promise<Reviewed> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const row = await lockHeld(tx, conversionId);
      const reviewed = { reviewedAt: now, reviewedById: staffId };
      if (row.usdRate === null) {
        const reason = heldReasonOf(row.currency, row.day);
        await tx.update(conversions).set({ ...reviewed, reason }).where(eq(conversions.id, row.id));
        await tellAppellant(tx, row.id);
        return { status: 'held', conversionId: row.id, earningCents: null, reason, affiliateId: row.affiliateId };
      }
      await tx.update(conversions).set({ ...reviewed, status: 'accepted', reason: null, releasedAt: now }).where(eq(conversions.id, row.id));
      const earningCents = await pay(tx, { id: row.id, type: row.type as ConversionType, transaction_id: row.transactionId, cid: row.cid }, row.amountCents, now);
      // Its offer's hard cap is full today: nothing is approved (the transaction rolls back), staff decide.
      if (earningCents === null) throw new AppError('conflict', capMessages.capFull);
      await tellAppellant(tx, row.id);
      return { status: 'accepted', conversionId: row.id, earningCents, reason: null, affiliateId: row.affiliateId };
    }),
  );
}

/** Rejects a held conversion with staff's reason: nothing is owed, nothing moves. */
export async function rejectHeld(db: Db, conversionId: number, staffId: number, reason: string, now = new Date()): Promise<Reviewed> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const row = await lockHeld(tx, conversionId);
      await tx.update(conversions).set({ status: 'rejected', reason, reviewedAt: now, reviewedById: staffId }).where(eq(conversions.id, row.id));
      await tellAppellant(tx, row.id);
      return { status: 'rejected', conversionId: row.id, earningCents: null, reason, affiliateId: row.affiliateId };
    }),
  );
}

/**
 * Approves or rejects each; those that cannot be (no longer held, unknown, or past a full hard cap)
 * are skipped and named, each with why.
 */
export async function reviewMany(
  db: Db,
  pay: PayApproved,
  ids: readonly number[],
  action: 'approve' | 'reject',
  staffId: number,
  reason: string | undefined,
): Promise<{ done: Reviewed[]; skipped: number[]; reasons: Array<{ conversion_id: number; message: string }> }> {
  const done: Reviewed[] = [];
  const skipped: number[] = [];
  const reasons: Array<{ conversion_id: number; message: string }> = [];
  for (const id of [...new Set(ids)]) {
    try {
      done.push(action === 'approve' ? await approveHeld(db, pay, id, staffId) : await rejectHeld(db, id, staffId, reason ?? ''));
    } catch (err) {
      if (!(err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found'))) throw err;
      skipped.push(id);
      reasons.push({ conversion_id: id, message: err.code === 'not_found' ? fm.notHeld : err.message });
    }
  }
  return { done, skipped, reasons };
}

type HeldQuery = z.output<typeof heldConversionsQuerySchema>;

/** The conversions awaiting review, oldest first, with what each would earn if approved now. */
export async function listHeld(db: Db, q: HeldQuery): Promise<{ data: HeldConversion[]; meta: ListMeta }> {
  const { limit, offset } = pageWindow(q);
  const page = db
    .select({
      id: conversions.id,
      createdAt: conversions.createdAt,
      transactionId: conversions.transactionId,
      type: conversions.type,
      affiliateId: conversions.affiliateId,
      affiliateName: users.name,
      affiliateEmail: users.email,
      offerId: conversions.offerId,
      offerName: offers.name,
      amountCents: conversions.amountCents,
      usdRate: conversions.usdRate,
      reason: conversions.reason,
      appealMessage: conversionAppeals.message,
      appealAt: conversionAppeals.createdAt,
    })
    .from(conversions)
    .innerJoin(users, eq(users.id, conversions.affiliateId))
    .innerJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(conversionAppeals, eq(conversionAppeals.conversionId, conversions.id))
    .where(awaitingReview)
    .orderBy(q.order === 'asc' ? asc(conversions.id) : desc(conversions.id))
    .$dynamic();
  if (limit !== undefined) page.limit(limit).offset(offset);
  const [list, [counted]] = await Promise.all([page, db.select({ n: count() }).from(conversions).where(awaitingReview)]);
  const payouts = await effectivePayouts(db, [...new Map(list.map((r) => [`${r.offerId}|${r.affiliateId}`, { offerId: r.offerId!, affiliateId: r.affiliateId! }])).values()]);
  const earnings = list.map((r) => (r.usdRate === null ? 0 : (earningOf(payouts.get(`${r.offerId}|${r.affiliateId}`), r.type as ConversionType, r.amountCents)?.cents ?? 0)));
  // Staff read before they approve whether a full hard cap would refuse it.
  const now = new Date();
  const overCap = await wouldPassHardCaps(
    db,
    list.map((r, i) => ({ offerId: r.offerId!, affiliateId: r.affiliateId!, newCustomer: isNewCustomer(r.type as ConversionType), earningCents: earnings[i]!, now })),
  );
  const data = list.map((r, i) => ({
    id: r.id,
    time: r.createdAt.toISOString(),
    transaction_id: r.transactionId,
    type: r.type as ConversionType,
    affiliate: { id: r.affiliateId!, name: r.affiliateName, email: r.affiliateEmail },
    offer: { id: r.offerId!, name: r.offerName },
    usd_amount: r.usdRate === null ? null : r.amountCents / 100,
    earning: earnings[i]! / 100,
    over_cap: overCap[i] ?? false,
    reason: r.reason ?? '',
    appeal: r.appealMessage === null ? null : { message: r.appealMessage, time: r.appealAt!.toISOString() },
  }));
  return { data, meta: listMeta(q, counted?.n ?? 0) };
}

/**
 * An affiliate's appeal of a held or rejected conversion of theirs, with a message: one per
 * conversion. Another affiliate's conversion is not found (the query's scope).
 */
export async function appealConversion(db: Db, affiliateId: number, conversionId: number, message: string, now = new Date()): Promise<{ conversion_id: number; message: string; time: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: conversions.id, status: conversions.status, fraudAction: conversions.fraudAction, reviewedAt: conversions.reviewedAt })
      .from(conversions)
      .where(and(eq(conversions.id, conversionId), eq(conversions.affiliateId, affiliateId)))
      .for('update');
    if (!row) throw new NotFoundError();
    if (row.status !== 'held' && row.status !== 'rejected') throw new AppError('validation_failed', fm.notAppealable);
    if (awaitsRate(row)) throw new AppError('validation_failed', fm.notAppealableRate);
    const [saved] = await tx.insert(conversionAppeals).values({ conversionId, affiliateId, message, createdAt: now }).onConflictDoNothing().returning({ id: conversionAppeals.id });
    if (!saved) throw new AppError('validation_failed', fm.appealedAlready);
    await enqueue(tx, APPEAL_RECEIVED_JOB, { conversionId });
    return { conversion_id: conversionId, message, time: now.toISOString() };
  });
}

/** Held only for want of an exchange rate (not by a rule, or approved and waiting for its rate): paid when it arrives. */
export const awaitsRate = (r: { status: string; fraudAction: string | null; reviewedAt: Date | null }): boolean => r.status === 'held' && (r.fraudAction !== 'hold' || r.reviewedAt !== null);

/** Resolved once staff decided the conversion after the appeal arrived: approved (paid) or rejected with their answer. */
function outcomeOf(r: { status: string; reason: string | null; reviewedAt: Date | null }, appealedAt: Date) {
  const resolved = r.reviewedAt !== null && r.reviewedAt >= appealedAt && r.status !== 'held';
  return { resolved, decision: resolved ? (r.status === 'rejected' ? ('rejected' as const) : ('approved' as const)) : null, answer: resolved && r.status === 'rejected' ? r.reason : null };
}

/** Every appeal, newest first, with its conversion's status and reason now, and whether staff resolved it. */
export async function listAppeals(db: Db): Promise<AppealRow[]> {
  const list = await db
    .select({
      conversionId: conversionAppeals.conversionId,
      affiliateId: users.id,
      name: users.name,
      email: users.email,
      status: conversions.status,
      reason: conversions.reason,
      reviewedAt: conversions.reviewedAt,
      message: conversionAppeals.message,
      createdAt: conversionAppeals.createdAt,
    })
    .from(conversionAppeals)
    .innerJoin(conversions, eq(conversions.id, conversionAppeals.conversionId))
    .innerJoin(users, eq(users.id, conversionAppeals.affiliateId))
    .orderBy(desc(conversionAppeals.createdAt), desc(conversionAppeals.id))
    .limit(500);
  return list.map((r) => ({
    conversion_id: r.conversionId,
    affiliate: { id: r.affiliateId, name: r.name, email: r.email },
    status: r.status as AppealRow['status'],
    reason: r.reason,
    message: r.message,
    time: r.createdAt.toISOString(),
    ...outcomeOf(r, r.createdAt),
  }));
}

/** What each held conversion would earn its affiliate if paid now (its offer's payout for them), in cents, by conversion id. */
export async function wouldEarnCents(db: Db, held: ReadonlyArray<{ id: number; offerId: number; affiliateId: number; type: ConversionType; amountCents: number }>): Promise<Map<number, number>> {
  if (!held.length) return new Map();
  const payouts = await effectivePayouts(db, [...new Map(held.map((r) => [`${r.offerId}|${r.affiliateId}`, { offerId: r.offerId, affiliateId: r.affiliateId }])).values()]);
  return new Map(held.map((r) => [r.id, earningOf(payouts.get(`${r.offerId}|${r.affiliateId}`), r.type, r.amountCents)?.cents ?? 0]));
}

/** Rows of the conversion log an affiliate has appealed, by conversion id. */
export async function appealsOf(db: Db, conversionIds: readonly number[]): Promise<Map<number, { message: string; time: string; resolved: boolean; decision: 'approved' | 'rejected' | null; answer: string | null }>> {
  if (!conversionIds.length) return new Map();
  const list = await db
    .select({ id: conversionAppeals.conversionId, message: conversionAppeals.message, at: conversionAppeals.createdAt, status: conversions.status, reason: conversions.reason, reviewedAt: conversions.reviewedAt })
    .from(conversionAppeals)
    .innerJoin(conversions, eq(conversions.id, conversionAppeals.conversionId))
    .where(sql`${conversionAppeals.conversionId} = any(${intArray(conversionIds)}::int[])`);
  return new Map(list.map((r) => [r.id, { message: r.message, time: r.at.toISOString(), ...outcomeOf(r, r.at) }]));
}
