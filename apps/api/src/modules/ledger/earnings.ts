import type { ConversionType } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { revshareCents } from '../../lib/money-units.ts';
import { addToRollups, ledgerCost } from '../tracking/index.ts';
import { commissionsInsertSql, recordCommission } from './referral.ts';

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
      commissioned AS (${commissionsInsertSql('earned')} RETURNING affiliate_id, day::text AS day, amount_cents)
      SELECT * FROM commissioned`),
  );
  const commissions = (result as unknown as { rows: Array<{ affiliate_id: number; day: string; amount_cents: string | number }> }).rows;
  await addToRollups(
    db,
    commissions.flatMap((c) => ledgerCost({ affiliateId: Number(c.affiliate_id), day: c.day, kind: 'referral_commission', amountCents: Number(c.amount_cents) }) ?? []),
  );
}

/**
 * The CTE step (for the batch conversion statement) that writes the earnings of `from`'s rows,
 * which carry `affiliate_id, id` (the conversion), `cid, offer_id, earning_kind, earning_cents,
 * day, created_at`; rows earning nothing are skipped, as `recordEarning` does. Answers the rows written, for
 * `commissionsInsertSql`.
 */
export const earningsInsertSql = (from: string): string =>
  `INSERT INTO ledger_entries (affiliate_id, conversion_id, cid, offer_id, kind, payout_type, amount_cents, day, created_at)
  SELECT affiliate_id, id, cid, offer_id, 'earning', earning_kind, earning_cents, day, created_at FROM ${from} WHERE earning_cents <> 0
  RETURNING id, affiliate_id, amount_cents, day, created_at`;
