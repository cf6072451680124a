import { bonusMessages, type bonusRequestSchema, dollarsToCents, type LedgerEntry } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { appendEntry, requireAffiliate, toEntry } from '../ledger/index.ts';

/** POST /v1/affiliates/{id}/bonus: a bonus (positive) or an adjustment (negative), naming the staff user. */
export async function addBonus(db: Db, affiliateId: number, staff: { id: number; name: string }, input: z.output<typeof bonusRequestSchema>): Promise<LedgerEntry> {
  await requireAffiliate(db, affiliateId);
  const cents = dollarsToCents(input.amount);
  const isAdjustment = cents < 0 || Boolean(input.corrects_id);
  if (input.corrects_id) {
    // Scoped by affiliate in the query: a row of another affiliate is as unknown as a missing one.
    const [corrected] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, input.corrects_id), eq(ledgerEntries.affiliateId, affiliateId)));
    if (!corrected) throw new ValidationError({ corrects_id: [bonusMessages.correctsUnknown] });
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
