import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { reverseCommission } from './referral.ts';

/**
 * Taking back a sale's earning (a refund, a chargeback, or staff by hand): never more than is left
 * of it. The caller holds the lock on the sale's conversion row (`SELECT ... FOR UPDATE`) for the
 * whole transaction, so two reversals of one sale run one after the other and the second reads
 * what the first wrote: "what is left" is read after the lock, in a statement of its own.
 */

/** The sale as a reversal needs it: its amount as sent (minor units of `currency`) and in USD cents. */
export interface SaleAmounts {
  id: number;
  amountMinor: number;
  amountCents: number;
  currency: string;
}

/** What is taken back: the refunded amount (same units as `SaleAmounts`), or null for all that is left. */
export type ReversalShare = { amountMinor: number; amountCents: number; currency: string } | null;

/** The reversal rows' own columns: the conversion they belong to (the refund, or the sale when staff reverse it) and the staff user who did it. */
export interface ReversalEntry {
  conversionId: number;
  day: string;
  createdAt: Date;
  createdBy?: number | null;
  reason?: string | null;
}

/** One earning of a sale with what is left of it (the earning less its reversals), in cents. */
export interface EarningLeft {
  id: number;
  affiliateId: number;
  cid: string | null;
  offerId: number | null;
  payoutType: string | null;
  amountCents: number;
  leftCents: number;
}

/** What one reversal takes of one earning: positive cents. */
export interface ReversalTake {
  earning: EarningLeft;
  cents: number;
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The earnings of a conversion with what is left of each (the earning and its reversals), oldest first. Read under the sale's lock. */
export async function earningsLeft(tx: Db, conversionId: number): Promise<EarningLeft[]> {
  const rows = await rowsOf<{ id: number; affiliate_id: number; cid: string | null; offer_id: number | null; payout_type: string | null; amount_cents: string | number; left_cents: string | number }>(
    tx,
    sql`SELECT e.id, e.affiliate_id, e.cid, e.offer_id, e.payout_type, e.amount_cents,
          e.amount_cents + coalesce((SELECT sum(r.amount_cents) FROM ledger_entries r WHERE r.reverses_id = e.id AND r.kind = 'reversal'), 0) AS left_cents
        FROM ledger_entries e WHERE e.conversion_id = ${conversionId} AND e.kind = 'earning' ORDER BY e.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    affiliateId: Number(r.affiliate_id),
    cid: r.cid,
    offerId: r.offer_id === null ? null : Number(r.offer_id),
    payoutType: r.payout_type,
    amountCents: Number(r.amount_cents),
    leftCents: Number(r.left_cents),
  }));
}

/** What is left of a conversion's earnings, in cents (0 when it earned nothing or all of it was taken back). */
export async function earningLeftCents(tx: Db, conversionId: number): Promise<{ earned: number; left: number }> {
  const rows = await earningsLeft(tx, conversionId);
  return { earned: rows.reduce((s, r) => s + r.amountCents, 0), left: rows.reduce((s, r) => s + Math.max(0, r.leftCents), 0) };
}

/** `earning × part / whole`, rounded half up, in integers (exact whatever the size). */
function shareOf(earning: number, part: number, whole: number): number {
  const e = BigInt(earning);
  const p = BigInt(part);
  const w = BigInt(whole);
  return Number((2n * e * p + w) / (2n * w));
}

/**
 * The cents of `earning` a refund of `share` takes back: cpa in full; revshare the same share of
 * the earning as the refunded share of the sale, by the amounts as sent when both are in one
 * currency (so a foreign sale gives back the share of its own amount), else by their USD amounts.
 */
function centsToTake(earning: EarningLeft, sale: SaleAmounts, share: ReversalShare): number {
  const left = earning.leftCents;
  if (earning.payoutType !== 'revshare' || share === null) return left;
  let cents = left;
  if (share.currency === sale.currency && sale.amountMinor > 0) cents = shareOf(earning.amountCents, share.amountMinor, sale.amountMinor);
  else if (sale.amountCents > 0) cents = shareOf(earning.amountCents, share.amountCents, sale.amountCents);
  return Math.min(left, cents);
}

/**
 * What a reversal of `share` takes of the sale's earnings (pure): never more than is left of each.
 * Answers the rows to write, the cents taken back (0 or negative), what the sale had earned, and
 * what is left of it after.
 */
export function planReversal(earnings: EarningLeft[], sale: SaleAmounts, share: ReversalShare): { takes: ReversalTake[]; cents: number; earned: number; left: number } {
  const takes: ReversalTake[] = [];
  let earned = 0;
  let left = 0;
  for (const earning of earnings) {
    earned += earning.amountCents;
    const before = earning.leftCents;
    const cents = before > 0 ? centsToTake(earning, sale, share) : 0;
    left += Math.max(0, before - cents);
    if (cents > 0) takes.push({ earning, cents });
  }
  return { takes, cents: takes.reduce((s, t) => s - t.cents, 0), earned, left };
}

/** Writes a reversal's rows (one per earning taken from) and, with each, the referrer's commission on it. The caller holds the sale's row lock. */
export async function writeReversals(tx: Db, takes: readonly ReversalTake[], entry: ReversalEntry): Promise<void> {
  for (const { earning, cents } of takes) {
    const [row] = await tx
      .insert(ledgerEntries)
      .values({
        affiliateId: earning.affiliateId,
        kind: 'reversal',
        amountCents: -cents,
        conversionId: entry.conversionId,
        cid: earning.cid,
        offerId: earning.offerId,
        reversesId: earning.id,
        createdBy: entry.createdBy ?? null,
        reason: entry.reason ?? null,
        day: entry.day,
        createdAt: entry.createdAt,
      })
      .returning({ id: ledgerEntries.id });
    await reverseCommission(tx, { id: row!.id, day: entry.day, createdAt: entry.createdAt }, earning.id);
  }
}

/**
 * Takes back `share` of the sale's earnings (never more than is left of each) and, with each
 * reversal, the referrer's commission on it: read, plan, write. The caller holds the sale's row
 * lock. Answers the cents taken back (0 or negative), what the sale had earned, and what is left.
 */
export async function reverseSale(tx: Db, sale: SaleAmounts, share: ReversalShare, entry: ReversalEntry): Promise<{ cents: number; earned: number; left: number }> {
  const plan = planReversal(await earningsLeft(tx, sale.id), sale, share);
  await writeReversals(tx, plan.takes, entry);
  return { cents: plan.cents, earned: plan.earned, left: plan.left };
}
