import { type bonusRequestSchema, dollarsToCents, type LedgerEntry, ledgerMessages } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { appendEntry, type LedgerRow } from './entries.ts';

/** POST /v1/affiliates/{id}/bonus: a bonus (positive) or an adjustment (negative), naming the staff user. */
export async function addBonus(db: Db, affiliateId: number, staff: { id: number; name: string }, input: z.output<typeof bonusRequestSchema>): Promise<LedgerEntry> {
  const [affiliate] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, affiliateId), eq(users.isClient, true)));
  if (!affiliate) throw new NotFoundError(ledgerMessages.notAnAffiliate);
  const cents = dollarsToCents(input.amount);
  const isAdjustment = cents < 0 || Boolean(input.corrects_id);
  if (input.corrects_id) {
    // Scoped by affiliate in the query: a row of another affiliate is as unknown as a missing one.
    const [corrected] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, input.corrects_id), eq(ledgerEntries.affiliateId, affiliateId)));
    if (!corrected) throw new ValidationError({ corrects_id: [ledgerMessages.correctsUnknown] });
  }
  const row = await appendEntry(db, {
    affiliateId,
    kind: isAdjustment ? 'adjustment' : 'bonus',
    amountCents: cents,
    createdBy: staff.id,
    reason: input.reason,
    reasonCode: isAdjustment ? (input.adjustment_reason ?? 'correction') : null,
    correctsId: input.corrects_id ?? null,
  });
  return toEntry(row, staff);
}

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
