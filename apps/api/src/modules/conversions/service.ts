import type { conversionRequestSchema } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clicks, conversions } from '../../db/schema/index.ts';
import { clickTimeOf } from '../clicks/index.ts';
import { commissionsOf, type LedgerEntry, recordEarning, recordReversal } from '../ledger/index.ts';
import { type ConversionForPostback, enqueuePostbacksForConversion } from '../postbacks/index.ts';
import { addToRollups, conversionCounters, keyOf, ledgerCost, orphanedRevenue, statsDay, toHundredths } from '../tracking/index.ts';

export type ConversionInput = z.output<typeof conversionRequestSchema>;
type Input = ConversionInput;
type ClickRow = typeof clicks.$inferSelect;

export interface ConversionOutcome {
  status: 'accepted' | 'duplicate' | 'orphaned';
  conversionId: number;
  earningCents: number | null;
  reason: string | null;
}

/** The click a conversion names; its id carries its time, so only that day's partition is read. */
export async function findClick(db: Db, cid: string): Promise<ClickRow | undefined> {
  const at = clickTimeOf(cid);
  if (!at) return undefined;
  const [row] = await db.select().from(clicks).where(and(eq(clicks.createdAt, at), eq(clicks.cid, cid)));
  return row;
}

/** Why a conversion cannot be attributed (it is then kept as orphaned), or null. */
export function orphanReasonOf(cid: string | undefined | null, click: { siteId: number } | undefined, siteId: number): string | null {
  if (!cid) return 'No click id (cid) was given.';
  if (!click) return 'No click has this click id.';
  if (click.siteId !== siteId) return 'The click belongs to another site.';
  return null;
}

/** The conversion as its postbacks see it. */
export function forPostback(
  conversionId: number,
  click: Pick<ClickRow, 'affiliateId' | 'offerId' | 'campaignId' | 'cid' | 'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5'>,
  input: Input,
  payoutCents: number,
  amountCents: number,
  createdAt: Date,
): ConversionForPostback {
  return {
    conversionId,
    affiliateId: click.affiliateId,
    offerId: click.offerId,
    campaignId: click.campaignId,
    type: input.type,
    cid: click.cid,
    payoutCents,
    amountCents,
    currency: input.currency,
    transactionId: input.transaction_id,
    subs: { sub1: click.sub1, sub2: click.sub2, sub3: click.sub3, sub4: click.sub4, sub5: click.sub5 },
    createdAt,
  };
}

/** Records a site's conversion: idempotent on (site, transaction_id); earnings, rollup and postbacks in one transaction. */
export async function recordConversion(db: Db, siteId: number, input: Input, now = new Date()): Promise<ConversionOutcome> {
  const amountCents = input.amount === undefined ? 0 : toHundredths(input.amount);
  const click = input.cid ? await findClick(db, input.cid) : undefined;
  const orphanReason = orphanReasonOf(input.cid, click, siteId);
  const day = statsDay(now);

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversions)
      .values({
        siteId,
        transactionId: input.transaction_id,
        type: input.type,
        amountCents,
        amountMinor: amountCents,
        currency: input.currency,
        usdRate: input.currency === 'USD' ? '1' : null,
        cid: input.cid || null,
        clickedAt: click?.createdAt ?? null,
        affiliateId: orphanReason ? null : click!.affiliateId,
        offerId: orphanReason ? null : click!.offerId,
        campaignId: orphanReason ? null : click!.campaignId,
        status: orphanReason ? 'orphaned' : 'accepted',
        reason: orphanReason,
        originalTransactionId: input.original_transaction_id ?? null,
        day,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: conversions.id });
    if (!row) {
      // Reported before (or twice at the same moment): the first report stands.
      const [other] = await tx.select({ id: conversions.id }).from(conversions).where(and(eq(conversions.siteId, siteId), eq(conversions.transactionId, input.transaction_id)));
      return { status: 'duplicate', conversionId: other!.id, earningCents: null, reason: null };
    }
    if (orphanReason || !click) {
      // Nobody is paid on it, but the site reported it: its revenue counts for the site.
      await addToRollups(tx, [orphanedRevenue(siteId, day, input.type, amountCents)]);
      return { status: 'orphaned', conversionId: row.id, earningCents: null, reason: orphanReason };
    }

    const entry: LedgerEntry = { affiliateId: click.affiliateId, conversionId: row.id, cid: click.cid, offerId: click.offerId, day, createdAt: now };
    const earningCents =
      input.type === 'refund' || input.type === 'chargeback'
        ? await recordReversal(tx, entry, { siteId, originalTransactionId: input.original_transaction_id, amountCents })
        : await recordEarning(tx, entry, input.type, amountCents);
    // The referrer's commission (or its take-back) with the conversion, in one write in key order.
    const commissions = earningCents === 0 ? [] : (await commissionsOf(tx, row.id)).flatMap((c) => ledgerCost(c) ?? []);
    await addToRollups(tx, [{ ...keyOf(click, day), ...conversionCounters(input.type, earningCents, amountCents) }, ...commissions]);
    await enqueuePostbacksForConversion(tx, forPostback(row.id, click, input, earningCents, amountCents, now));
    return { status: 'accepted', conversionId: row.id, earningCents, reason: null };
  });
}
