import type { ConversionType, conversionRequestSchema } from '@portal/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, earnings } from '../../db/schema/index.ts';
import { addToRollups, keyOf } from '../tracking/rollup.ts';
import { type EffectivePayout, effectivePayout } from '../catalogue/payouts.ts';
import { clickTimeOf } from '../clicks/click-id.ts';
import { type ConversionForPostback, enqueuePostbacksForConversion } from '../postbacks/enqueue.ts';
import { statsDay } from '../tracking/day.ts';
import { revshareCents, toHundredths } from '../tracking/money.ts';

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

export const counterOf: Record<ConversionType, 'signups' | 'sales' | 'rebills' | 'refunds' | 'chargebacks'> = {
  signup: 'signups',
  sale: 'sales',
  rebill: 'rebills',
  refund: 'refunds',
  chargeback: 'chargebacks',
};

/**
 * The earning for a new customer event: cpa pays its fixed amount on the offer's goal; revshare
 * pays its percentage of every sale and rebill (unless the affiliate's revshare is paused).
 */
async function earningFor(db: Db, click: ClickRow, type: ConversionType, amountCents: number): Promise<{ kind: 'cpa' | 'revshare'; cents: number } | null> {
  return earningOf(await effectivePayout(db, click.offerId, click.affiliateId), type, amountCents);
}

export function earningOf(payout: EffectivePayout | undefined, type: ConversionType, amountCents: number): { kind: 'cpa' | 'revshare'; cents: number } | null {
  if (!payout) return null;
  if (payout.payoutType === 'cpa') return payout.goal === type ? { kind: 'cpa', cents: payout.amount } : null;
  if (type !== 'sale' && type !== 'rebill') return null;
  if (payout.revsharePaused) return null;
  return { kind: 'revshare', cents: revshareCents(amountCents, payout.amount) };
}

/**
 * A refund or chargeback takes back the earning of the sale or rebill it belongs to: the one named
 * by original_transaction_id, else the newest not yet reversed on the same click. Revshare is taken
 * back in proportion to the refunded amount; cpa in full.
 */
async function reversalFor(
  tx: Db,
  siteId: number,
  click: ClickRow,
  input: Input,
  amountCents: number,
): Promise<{ reversesId: number; cents: number } | null> {
  let candidates: Array<typeof earnings.$inferSelect>;
  if (input.original_transaction_id) {
    const [orig] = await tx
      .select({ id: conversions.id })
      .from(conversions)
      .where(and(eq(conversions.siteId, siteId), eq(conversions.transactionId, input.original_transaction_id)));
    candidates = orig ? await tx.select().from(earnings).where(and(eq(earnings.conversionId, orig.id), inArray(earnings.kind, ['cpa', 'revshare']))) : [];
  } else {
    candidates = await tx
      .select()
      .from(earnings)
      .where(and(eq(earnings.cid, click.cid), inArray(earnings.kind, ['cpa', 'revshare'])))
      .orderBy(desc(earnings.id));
  }
  for (const original of candidates) {
    const [reversed] = await tx
      .select({ total: sql<string>`coalesce(sum(${earnings.amountCents}), 0)` })
      .from(earnings)
      .where(eq(earnings.reversesId, original.id));
    const remaining = original.amountCents + Number(reversed?.total ?? 0);
    if (remaining <= 0) continue;
    let cents = remaining;
    if (original.kind === 'revshare' && amountCents > 0) {
      const [conv] = await tx.select({ amount: conversions.amountCents }).from(conversions).where(eq(conversions.id, original.conversionId));
      const saleAmount = conv?.amount ?? 0;
      // The same share of the refunded amount, never more than what is left of the earning.
      cents = saleAmount > 0 ? Math.min(remaining, Math.round((original.amountCents * amountCents) / saleAmount)) : remaining;
    }
    return { reversesId: original.id, cents };
  }
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
        currency: input.currency,
        cid: input.cid || null,
        clickedAt: click?.createdAt ?? null,
        affiliateId: orphanReason ? null : click!.affiliateId,
        offerId: orphanReason ? null : click!.offerId,
        campaignId: orphanReason ? null : click!.campaignId,
        status: orphanReason ? 'orphaned' : 'accepted',
        orphanReason,
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
    if (orphanReason || !click) return { status: 'orphaned', conversionId: row.id, earningCents: null, reason: orphanReason };

    let earningCents = 0;
    if (input.type === 'refund' || input.type === 'chargeback') {
      const reversal = await reversalFor(tx as unknown as Db, siteId, click, input, amountCents);
      if (reversal) {
        earningCents = -reversal.cents;
        await tx.insert(earnings).values({ affiliateId: click.affiliateId, conversionId: row.id, cid: click.cid, offerId: click.offerId, kind: 'reversal', amountCents: earningCents, reversesId: reversal.reversesId, day, createdAt: now });
      }
    } else {
      const earning = await earningFor(tx as unknown as Db, click, input.type, amountCents);
      if (earning && earning.cents !== 0) {
        earningCents = earning.cents;
        await tx.insert(earnings).values({ affiliateId: click.affiliateId, conversionId: row.id, cid: click.cid, offerId: click.offerId, kind: earning.kind, amountCents: earning.cents, day, createdAt: now });
      }
    }

    const isNewCustomer = input.type === 'signup' || input.type === 'sale';
    const revenue = input.type === 'refund' || input.type === 'chargeback' ? -amountCents : amountCents;
    await addToRollups(tx as unknown as Db, [
      {
        ...keyOf(click, day),
        conversions: isNewCustomer ? 1 : 0,
        [counterOf[input.type]]: 1,
        earningsCents: earningCents,
        revenueCents: revenue,
      },
    ]);

    await enqueuePostbacksForConversion(tx as unknown as Db, forPostback(row.id, click, input, earningCents, amountCents, now));
    return { status: 'accepted', conversionId: row.id, earningCents, reason: null };
  });
}
