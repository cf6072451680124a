import { type ListMeta, listMeta, pageWindow, type SharedDetailKind, type WithheldCommission, type withheldCommissionsQuerySchema, withheldMessages } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { rows } from '../../db/rows.ts';
import { referralCommissionDecisions } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { releaseWithheld } from './referral.ts';

/**
 * Staff's review of referral commissions withheld for shared details (docs/money.md, "Withheld for
 * review"): the list with why, and one decision per commission, release (paid now) or reject.
 */

type Query = z.output<typeof withheldCommissionsQuerySchema>;

interface Row {
  id: number;
  created_at: Date | string;
  amount_cents: string | number;
  kinds: string;
  referrer_id: number;
  referrer_name: string;
  referrer_email: string;
  referred_id: number;
  referred_name: string;
  referred_email: string;
  decision: 'released' | 'rejected' | null;
  decided_at: Date | string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  paid_cents: string | number | null;
  reason: string | null;
}

const statusOf = (q: Query): SQL =>
  q.status === 'pending' ? sql`d.hold_id IS NULL` : q.status ? sql`d.decision = ${q.status}` : sql`true`;

const selectRows = sql`SELECT h.id, h.created_at, h.amount_cents, h.kinds,
    r.id AS referrer_id, r.name AS referrer_name, r.email AS referrer_email,
    u.id AS referred_id, u.name AS referred_name, u.email AS referred_email,
    d.decision, d.decided_at, d.decided_by, s.name AS decided_by_name, c.amount_cents AS paid_cents, d.reason
  FROM referral_commission_holds h
  JOIN users r ON r.id = h.referrer_id
  JOIN users u ON u.id = h.referred_id
  LEFT JOIN referral_commission_decisions d ON d.hold_id = h.id
  LEFT JOIN users s ON s.id = d.decided_by
  LEFT JOIN ledger_entries c ON c.id = d.commission_id`;

const toWithheld = (r: Row): WithheldCommission => ({
  id: Number(r.id),
  time: new Date(r.created_at).toISOString(),
  referrer: { id: Number(r.referrer_id), name: r.referrer_name, email: r.referrer_email },
  referred: { id: Number(r.referred_id), name: r.referred_name, email: r.referred_email },
  amount: Number(r.amount_cents) / 100,
  shared: r.kinds.split(',').filter(Boolean) as SharedDetailKind[],
  status: r.decision ?? 'pending',
  decided_at: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  decided_by: r.decided_by === null ? null : { id: Number(r.decided_by), name: r.decided_by_name ?? '' },
  paid: r.decision === 'released' ? Number(r.paid_cents ?? 0) / 100 : null,
  reason: r.reason,
});

/** `GET /v1/fraud/withheld-commissions`: oldest first by default, a page at a time. */
export async function listWithheld(db: Db, q: Query): Promise<{ data: WithheldCommission[]; meta: ListMeta }> {
  const { limit, offset } = pageWindow(q);
  const [list, [counted]] = await Promise.all([
    rows<Row>(db, sql`${selectRows} WHERE ${statusOf(q)} ORDER BY h.id ${sql.raw(q.order === 'desc' ? 'DESC' : 'ASC')} ${limit === undefined ? sql`` : sql`LIMIT ${limit} OFFSET ${offset}`}`),
    rows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM referral_commission_holds h LEFT JOIN referral_commission_decisions d ON d.hold_id = h.id WHERE ${statusOf(q)}`),
  ]);
  return { data: list.map(toWithheld), meta: listMeta(q, Number(counted?.n ?? 0)) };
}

async function readOne(db: Db, id: number): Promise<WithheldCommission> {
  const [row] = await rows<Row>(db, sql`${selectRows} WHERE h.id = ${id}`);
  if (!row) throw new NotFoundError(withheldMessages.notFound);
  return toWithheld(row);
}

/**
 * One decision per withheld commission: the hold is locked, a second decision (at once or later)
 * is a 409 and writes nothing; a release pays the referrer in the same transaction.
 */
export async function decideWithheld(db: Db, id: number, staffId: number, decision: 'released' | 'rejected', reason: string | null, now = new Date()): Promise<WithheldCommission> {
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [hold] = await rows<{ id: number }>(tx, sql`SELECT h.id FROM referral_commission_holds h WHERE h.id = ${id} FOR UPDATE`);
      if (!hold) throw new NotFoundError(withheldMessages.notFound);
      // Read after the lock (a statement of its own, so it sees a decision committed while it waited).
      const [decided] = await rows<{ hold_id: number }>(tx, sql`SELECT hold_id FROM referral_commission_decisions WHERE hold_id = ${id}`);
      if (decided) throw new AppError('conflict', withheldMessages.decided);
      const paid = decision === 'released' ? await releaseWithheld(tx, id, now) : { commissionId: null };
      await tx.insert(referralCommissionDecisions).values({ holdId: id, decision, commissionId: paid.commissionId, decidedBy: staffId, reason, decidedAt: now });
    }),
  );
  return readOne(db, id);
}
