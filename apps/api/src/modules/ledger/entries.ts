import type { LedgerEntry, LedgerKind } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { addToRollups, ledgerCost } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';

/**
 * The ledger's one door: every module that moves money appends rows here (with `db` or a
 * transaction); balances are read in `balance.ts`. Rows are never changed (the database refuses it).
 */
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'day' | 'createdAt'> & { kind: LedgerKind; createdAt?: Date };
export type LedgerRow = typeof ledgerEntries.$inferSelect;

/**
 * A row's `day`, worked out here alone: the Los Angeles calendar day of its moment (the statistics'
 * day, SPEC.md section 9). Writers of rows in SQL pass it as a parameter, never compute their own.
 */
export const ledgerDay = (at: Date): string => statsDay(at);

/**
 * Appends rows in one statement; answers them with their ids, in the order given. Referral
 * commissions, bonuses and adjustments are the network's cost: they are added to the statistics
 * rollup in the same transaction (docs/tracking.md, "Revenue, cost and margin").
 */
export async function appendEntries(db: Db, rows: readonly NewLedgerEntry[]): Promise<LedgerRow[]> {
  if (!rows.length) return [];
  const now = new Date();
  const values = rows.map((r) => ({ ...r, createdAt: r.createdAt ?? now, day: ledgerDay(r.createdAt ?? now) }));
  if (!values.some((v) => ledgerCost(v))) return db.insert(ledgerEntries).values(values).returning();
  return db.transaction(async (tx) => {
    const written = await tx.insert(ledgerEntries).values(values).returning();
    await addToRollups(
      tx,
      written.flatMap((r) => ledgerCost(r) ?? []),
    );
    return written;
  });
}

export async function appendEntry(db: Db, row: NewLedgerEntry): Promise<LedgerRow> {
  const [written] = await appendEntries(db, [row]);
  return written!;
}

/** A row as the API shows it (dollars), with the staff user who wrote it, if one did. */
export function toEntry(row: LedgerRow, createdBy: { id: number; name: string } | null): LedgerEntry {
  return {
    id: row.id,
    affiliate_id: row.affiliateId,
    kind: row.kind as LedgerEntry['kind'],
    amount: row.amountCents / 100,
    payout_type: (row.payoutType as LedgerEntry['payout_type']) ?? null,
    conversion_id: row.conversionId,
    offer_id: row.offerId,
    reverses_id: row.reversesId,
    source_id: row.sourceId,
    corrects_id: row.correctsId,
    payout_id: row.payoutId,
    created_by: createdBy,
    reason: row.reason,
    reason_code: (row.reasonCode as LedgerEntry['reason_code']) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
