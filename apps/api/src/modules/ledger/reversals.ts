import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversions, ledgerEntries } from '../../db/schema/index.ts';
import type { LedgerEntry } from './earnings.ts';
import { reverseCommission } from './referral.ts';

/** What a refund or chargeback names: its site, the sale it may name, and the amount refunded. */
export interface ReversalRequest {
  siteId: number;
  originalTransactionId: string | undefined;
  amountCents: number;
}

/**
 * A refund or chargeback takes back the earning of the sale or rebill it belongs to: the one named
 * by original_transaction_id, else the newest not yet reversed on the same click. Revshare is taken
 * back in proportion to the refunded amount; cpa in full.
 */
async function reversalFor(tx: Db, cid: string | null, request: ReversalRequest): Promise<{ reversesId: number; cents: number } | null> {
  let candidates: Array<typeof ledgerEntries.$inferSelect>;
  if (request.originalTransactionId) {
    const [orig] = await tx
      .select({ id: conversions.id })
      .from(conversions)
      .where(and(eq(conversions.siteId, request.siteId), eq(conversions.transactionId, request.originalTransactionId)));
    candidates = orig ? await tx.select().from(ledgerEntries).where(and(eq(ledgerEntries.conversionId, orig.id), eq(ledgerEntries.kind, 'earning'))) : [];
  } else {
    candidates = cid
      ? await tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.cid, cid), eq(ledgerEntries.kind, 'earning')))
          .orderBy(desc(ledgerEntries.id))
      : [];
  }
  for (const original of candidates) {
    const [reversed] = await tx
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reversesId, original.id));
    const remaining = original.amountCents + Number(reversed?.total ?? 0);
    if (remaining <= 0) continue;
    let cents = remaining;
    if (original.payoutType === 'revshare' && request.amountCents > 0) {
      const [conv] = await tx.select({ amount: conversions.amountCents }).from(conversions).where(eq(conversions.id, original.conversionId!));
      const saleAmount = conv?.amount ?? 0;
      // The same share of the refunded amount, never more than what is left of the earning.
      cents = saleAmount > 0 ? Math.min(remaining, Math.round((original.amountCents * request.amountCents) / saleAmount)) : remaining;
    }
    return { reversesId: original.id, cents };
  }
  return null;
}

/** Writes the reversal a refund or chargeback causes, if any; answers its (negative or zero) cents. */
export async function recordReversal(tx: Db, entry: LedgerEntry, request: ReversalRequest): Promise<number> {
  const reversal = await reversalFor(tx, entry.cid, request);
  if (!reversal) return 0;
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ ...entry, kind: 'reversal', amountCents: -reversal.cents, reversesId: reversal.reversesId })
    .returning({ id: ledgerEntries.id });
  await reverseCommission(tx, { id: row!.id, day: entry.day, createdAt: entry.createdAt }, reversal.reversesId);
  return -reversal.cents;
}
