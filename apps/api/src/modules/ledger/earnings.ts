import type { ConversionType } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { revshareCents } from '../../lib/money-units.ts';
import { addToRollups, ledgerCost } from '../tracking/index.ts';
import { commissionSteps, recordCommission } from './referral.ts';

export type EarningKind = 'cpa' | 'revshare';

/**
 * The price of a new customer event: what the affiliate is paid on the offer, read by the offers
 * module (`effectivePayout`) and handed in, so the ledger never reads offers.
 */
export interface Price {
  payoutType: 'cpa' | 'revshare';
  goal: 'signup' | 'sale';
  /** Cents (cpa) or basis points (revshare). */
  amount: number;
  /** Staff paused this affiliate's revshare: revshare earns nothing while it is. */
  revsharePaused: boolean;
}

/**
 * The earning for a new customer event: cpa pays its fixed amount on the offer's goal; revshare
 * pays its percentage of every sale and rebill (unless the affiliate's revshare is paused).
 */
export function earningOf(payout: Price | undefined, type: ConversionType, amountCents: number): { kind: EarningKind; cents: number } | null {
  if (!payout) return null;
  if (payout.payoutType === 'cpa') return payout.goal === type ? { kind: 'cpa', cents: payout.amount } : null;
  if (type !== 'sale' && type !== 'rebill') return null;
  if (payout.revsharePaused) return null;
  return { kind: 'revshare', cents: revshareCents(amountCents, payout.amount) };
}

/** Who and what an earning or reversal belongs to: the conversion and its click. */
export interface LedgerEntry {
  affiliateId: number;
  conversionId: number;
  cid: string | null;
  offerId: number;
  day: string;
  createdAt: Date;
}

/** Writes what a new customer event earns at the affiliate's payout on the offer (`price`); answers the cents (0: nothing written). */
export async function recordEarning(tx: Db, entry: LedgerEntry, price: Price | undefined, type: ConversionType, amountCents: number): Promise<number> {
  return (await recordAdmittedEarning(tx, entry, price, type, amountCents, async () => true)) ?? 0;
}

/**
 * As `recordEarning`, once `admit` accepts the earning's cents (worked out first, 0 when it earns
 * nothing): the caps take their place under it in the same transaction. Refused: nothing is
 * written and the answer is null.
 */
export async function recordAdmittedEarning(tx: Db, entry: LedgerEntry, price: Price | undefined, type: ConversionType, amountCents: number, admit: (cents: number) => Promise<boolean>): Promise<number | null> {
  const earning = earningOf(price, type, amountCents);
  if (!(await admit(earning?.cents ?? 0))) return null;
  return writeEarning(tx, entry, earning);
}

/** Writes an earning already decided (conversions' decision) and its referral commission; answers the cents (0: nothing written). */
export async function writeEarning(tx: Db, entry: LedgerEntry, earning: { kind: EarningKind; cents: number } | null): Promise<number> {
  if (!earning || earning.cents === 0) return 0;
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ ...entry, kind: 'earning', payoutType: earning.kind, amountCents: earning.cents })
    .returning({ id: ledgerEntries.id });
  await recordCommission(tx, { id: row!.id, affiliateId: entry.affiliateId, amountCents: earning.cents, day: entry.day, createdAt: entry.createdAt });
  return earning.cents;
}

/**
 * Writes earnings already worked out (the demo network's history), with their referral commissions;
 * the commissions go into the rollup's cost here (the caller adds the earnings with their conversions).
 */
export async function insertEarnings(db: Db, rows: Array<LedgerEntry & { kind: EarningKind; amountCents: number }>): Promise<void> {
  if (!rows.length) return;
  const ids = await db
    .insert(ledgerEntries)
    .values(rows.map(({ kind, ...r }) => ({ ...r, kind: 'earning' as const, payoutType: kind })))
    .returning({ id: ledgerEntries.id });
  const result = await db.execute(
    sql.raw(`WITH earned AS (SELECT id, affiliate_id, amount_cents, day, created_at FROM ledger_entries WHERE id IN (${ids.map((r) => Number(r.id)).join(',')})),
      ${commissionSteps('earned', 'affiliate_id, day::text AS day, amount_cents')}
      SELECT * FROM commissioned`),
  );
  const commissions = (result as unknown as { rows: Array<{ affiliate_id: number; day: string; amount_cents: string | number }> }).rows;
  await addToRollups(
    db,
    commissions.flatMap((c) => ledgerCost({ affiliateId: Number(c.affiliate_id), day: c.day, kind: 'referral_commission', amountCents: Number(c.amount_cents) }) ?? []),
  );
}

/** An earning a batch of new conversions writes: its conversion (its id taken before writing) and what it earns (conversions' decision). */
export interface EarningRow extends LedgerEntry {
  kind: EarningKind;
  cents: number;
}

/** How many parameters `earningsParams` answers. */
export const EARNINGS_PARAMS = 8;

/** The earning rows as parameters of the statement `earningsSteps` writes them with: the ledger's columns, one array each. */
export function earningsParams(rows: EarningRow[]): unknown[] {
  const kept = rows.filter((r) => r.cents !== 0);
  return [
    kept.map((r) => r.affiliateId),
    kept.map((r) => r.conversionId),
    kept.map((r) => r.cid),
    kept.map((r) => r.offerId),
    kept.map((r) => r.kind),
    kept.map((r) => r.cents),
    kept.map((r) => r.day),
    kept.map((r) => r.createdAt.toISOString()),
  ];
}

/**
 * The steps (CTEs `earned`, then `owed`, `commissioned` and `withheld`: `commissionSteps`) of a
 * statement that writes, in the same round trip as its conversions, the earning rows passed as
 * parameters `$first`.. (`earningsParams`) of the conversions the step `written` answers (`id`: a
 * conversion reported before is not written, nor its earning), and their referral commissions or
 * holds. `commissioned` answers `affiliate_id, day, amount_cents` for the rollups' cost. The ledger owns these rows' columns and SQL; the caller
 * only places the steps after its own.
 */
export function earningsSteps(first: number, written: string): string {
  const p = (n: number) => `$${first + n}`;
  return `earned AS (
  INSERT INTO ledger_entries (affiliate_id, conversion_id, cid, offer_id, kind, payout_type, amount_cents, day, created_at)
  SELECT e.affiliate_id, e.conversion_id, e.cid, e.offer_id, 'earning', e.payout_type, e.amount_cents, e.day, e.created_at
  FROM unnest(${p(0)}::int[], ${p(1)}::int[], ${p(2)}::varchar[], ${p(3)}::int[], ${p(4)}::varchar[], ${p(5)}::bigint[], ${p(6)}::date[], ${p(7)}::timestamptz[])
    WITH ORDINALITY AS e(affiliate_id, conversion_id, cid, offer_id, payout_type, amount_cents, day, created_at, ord)
  WHERE e.conversion_id IN (SELECT id FROM ${written})
  ORDER BY e.ord
  RETURNING id, affiliate_id, amount_cents, day, created_at
),
${commissionSteps('earned', 'affiliate_id, day, amount_cents')}`;
}
