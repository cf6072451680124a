import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { referralRateSql, withheldValueSql } from '../referrals/index.ts';
import { sharedKindsSql } from '../shared-details/index.ts';
import { addToRollups, ledgerCost } from '../tracking/index.ts';
import { ledgerDay } from './entries.ts';

/**
 * Referral commission rows (docs/money.md; the program and its rate live in `referrals/`): for each
 * earning of a referred affiliate, the referrer (if active) gets the rate of it, rounded half up to
 * the cent, as a `referral_commission` row naming the earning. One level: only `earning` rows pay commission. A reversal of the earning takes back
 * what keeps the commission at the same share of what is left of the earning. Between affiliates
 * sharing payout details, a tax number or a sign-up address (docs/fraud.md, "Shared details") the
 * commission is withheld instead: the same cents go to `referral_commission_holds` for staff's
 * review (`releaseWithheld` below; the referrer's view of them: referrals `withheldPending`). One
 * rule decides, in the statement writing the earning, for both writers: `commissionSteps`.
 */

/**
 * The steps (CTEs `owed`, `commissioned`, `withheld`) deciding each earning `from` answers
 * (`id, affiliate_id, amount_cents, day, created_at`) whose affiliate has an active referrer: `owed`
 * works out the commission's cents (the rate, half up; none when 0) and the kinds of detail the two
 * share (null: none), read once in the statement's snapshot, so each earning gets exactly one of a
 * commission or a hold. `commissioned` writes the commissions of those sharing nothing and answers
 * `returning`; `withheld` keeps the others for staff's review, with the kinds shared.
 */
export const commissionSteps = (from: string, returning: string): string => `owed AS (
  SELECT r.id AS referrer_id, u.id AS referred_id, e.id AS earning_id, c.cents, e.day, e.created_at, ${sharedKindsSql('u.id', 'r.id')} AS kinds
  FROM ${from} e
  JOIN users u ON u.id = e.affiliate_id
  JOIN users r ON r.id = u.referred_by_id AND r.is_client AND r.is_active
  CROSS JOIN LATERAL (SELECT (e.amount_cents * ${referralRateSql} + 5000) / 10000 AS cents) c
  WHERE c.cents > 0
),
commissioned AS (
  INSERT INTO ledger_entries (affiliate_id, kind, amount_cents, source_id, day, created_at)
  SELECT referrer_id, 'referral_commission', cents, earning_id, day, created_at FROM owed WHERE kinds IS NULL
  ORDER BY earning_id
  RETURNING ${returning}
),
withheld AS (
  INSERT INTO referral_commission_holds (referrer_id, referred_id, earning_id, amount_cents, kinds, day, created_at)
  SELECT referrer_id, referred_id, earning_id, cents, kinds, day, created_at FROM owed WHERE kinds IS NOT NULL
  ORDER BY earning_id
)`;

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

/** The referrer's commission on one earning just written, or its hold (the one-by-one conversion path): `commissionSteps`. */
export async function recordCommission(tx: Db, earning: { id: number; affiliateId: number; amountCents: number; day: string; createdAt: Date }): Promise<void> {
  await tx.execute(sql`
    WITH earned AS (
      SELECT ${earning.id}::int AS id, ${earning.affiliateId}::int AS affiliate_id, ${earning.amountCents}::bigint AS amount_cents,
        ${earning.day}::date AS day, ${earning.createdAt.toISOString()}::timestamptz AS created_at
    ),
    ${sql.raw(commissionSteps('earned', 'id'))}
    SELECT 1`);
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
