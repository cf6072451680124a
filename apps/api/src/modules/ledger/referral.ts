import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { sharesDetailSql } from '../shared-details/index.ts';
import { referralRateSql, withheldValueSql } from '../referrals/index.ts';
import { addToRollups, ledgerCost } from '../tracking/index.ts';
import { ledgerDay } from './entries.ts';

/**
 * Referral commission rows (docs/money.md; the program and its rate live in `referrals/`): for each
 * earning of a referred affiliate, the referrer (if active) gets the rate of it, rounded half up to
 * the cent, as a `referral_commission` row naming the earning. One level: only `earning` rows pay commission. A reversal of the earning takes back
 * what keeps the commission at the same share of what is left of the earning. No commission between
 * affiliates sharing payout details, a tax number or a sign-up address (docs/fraud.md, "Shared
 * details"): both writers below skip them in the same statement, and the trigger
 * `ledger_entries_withhold_commission` (migration 0034) keeps what they skip in
 * `referral_commission_holds` for staff's review: `releaseWithheld` below (the referrer's view of them: referrals `withheldPending`).
 */

/** The referred affiliate `u` and their referrer `r` share no detail. */
const notSharing = `NOT ${sharesDetailSql('u.id', 'r.id')}`;

/**
 * The CTE step (batch conversion statement) writing the commissions of the earnings `from`
 * answered (`RETURNING id, affiliate_id, amount_cents, day, created_at`).
 */
export const commissionsInsertSql = (from: string): string =>
  `INSERT INTO ledger_entries (affiliate_id, kind, amount_cents, source_id, day, created_at)
  SELECT r.id, 'referral_commission', c.cents, e.id, e.day, e.created_at
  FROM ${from} e
  JOIN users u ON u.id = e.affiliate_id
  JOIN users r ON r.id = u.referred_by_id AND r.is_client AND r.is_active
  CROSS JOIN LATERAL (SELECT (e.amount_cents * ${referralRateSql} + 5000) / 10000 AS cents) c
  WHERE c.cents > 0 AND ${notSharing}
  ORDER BY e.id`;

/**
 * The referral commissions (and their take-backs) written for one conversion's earning or reversal:
 * the conversion paths add them to the rollup with the conversion, in one write in key order.
 */
export async function commissionsOf(tx: Db, conversionId: number, since?: Date): Promise<Array<{ affiliateId: number; day: string; kind: string; amountCents: number }>> {
  const rows = await rowsOf<{ affiliate_id: number; day: string; amount_cents: string | number }>(
    tx,
    sql`SELECT c.affiliate_id, c.day::text AS day, c.amount_cents FROM ledger_entries e
      JOIN ledger_entries c ON c.source_id = e.id AND c.kind = 'referral_commission'
      WHERE e.conversion_id = ${conversionId} ${since ? sql`AND c.created_at >= ${since.toISOString()}::timestamptz` : sql``}`,
  );
  return rows.map((r) => ({ affiliateId: Number(r.affiliate_id), day: r.day, kind: 'referral_commission', amountCents: Number(r.amount_cents) }));
}

/** Rows of a raw query on either driver (both answer `{rows}`). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The referrer's commission on one earning just written (the one-by-one conversion path). */
export async function recordCommission(tx: Db, earning: { id: number; affiliateId: number; amountCents: number; day: string; createdAt: Date }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ledger_entries (affiliate_id, kind, amount_cents, source_id, day, created_at)
    SELECT r.id, 'referral_commission', c.cents, ${earning.id}::int, ${earning.day}::date, ${earning.createdAt.toISOString()}::timestamptz
    FROM users u
    JOIN users r ON r.id = u.referred_by_id AND r.is_client AND r.is_active
    CROSS JOIN LATERAL (SELECT (${earning.amountCents}::bigint * ${sql.raw(referralRateSql)} + 5000) / 10000 AS cents) c
    WHERE u.id = ${earning.affiliateId} AND c.cents > 0 AND ${sql.raw(notSharing)}`);
}

/**
 * After `reversal` took back part of earning `earningId`: the referrer's commission on that earning
 * drops to the same share of what is left, rounded half up (so a full reversal takes back all of it).
 */
export async function reverseCommission(tx: Db, reversal: { id: number; day: string; createdAt: Date }, earningId: number): Promise<void> {
  const [commission] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sourceId, earningId), eq(ledgerEntries.kind, 'referral_commission')));
  if (!commission) return;
  const [sums] = await rowsOf<{ earning: string; earning_left: string; commission_left: string }>(
    tx,
    sql`SELECT
      (SELECT amount_cents FROM ledger_entries WHERE id = ${earningId}) AS earning,
      (SELECT sum(amount_cents) FROM ledger_entries WHERE id = ${earningId} OR (reverses_id = ${earningId} AND kind = 'reversal')) AS earning_left,
      (SELECT sum(amount_cents) FROM ledger_entries WHERE id = ${commission.id} OR (reverses_id = ${commission.id} AND kind = 'referral_commission')) AS commission_left`,
  );
  const earning = Number(sums?.earning ?? 0);
  const left = Math.max(0, Number(sums?.earning_left ?? 0));
  const commissionLeft = Number(sums?.commission_left ?? 0);
  if (earning <= 0) return;
  // left × commission / earning, half up, in integers.
  const target = Math.floor((2 * left * commission.amountCents + earning) / (2 * earning));
  const delta = target - commissionLeft;
  if (delta >= 0) return;
  await tx.insert(ledgerEntries).values({
    affiliateId: commission.affiliateId,
    kind: 'referral_commission',
    amountCents: delta,
    sourceId: reversal.id,
    reversesId: commission.id,
    day: reversal.day,
    createdAt: reversal.createdAt,
  });
}

/**
 * Staff release a withheld commission (inside their transaction, the hold locked and undecided):
 * the referrer is paid its share of what is left of the earning now, as a `referral_commission`
 * row naming the earning (the unique index on `source_id` pays it once), added to the statistics'
 * cost. Answers the row written (null when nothing is left to pay) and the cents.
 */
export async function releaseWithheld(tx: Db, holdId: number, now: Date): Promise<{ commissionId: number | null; cents: number }> {
  const [hold] = await rowsOf<{ referrer_id: number; earning_id: number; cents: string | number }>(
    tx,
    sql`SELECT h.referrer_id, h.earning_id, ${sql.raw(withheldValueSql)} AS cents FROM referral_commission_holds h WHERE h.id = ${holdId}`,
  );
  const cents = Number(hold?.cents ?? 0);
  if (!hold || cents <= 0) return { commissionId: null, cents: 0 };
  const day = ledgerDay(now);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ affiliateId: Number(hold.referrer_id), kind: 'referral_commission', amountCents: cents, sourceId: Number(hold.earning_id), day, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!row) return { commissionId: null, cents: 0 };
  const cost = ledgerCost({ affiliateId: Number(hold.referrer_id), day, kind: 'referral_commission', amountCents: cents });
  if (cost) await addToRollups(tx, [cost]);
  return { commissionId: row.id, cents };
}
