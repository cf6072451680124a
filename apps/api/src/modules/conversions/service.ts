import { BASE_CURRENCY, type conversionRequestSchema, type ConversionStatus, isReversalType, OVER_CAP_REASON, type StoredConversionStatus } from '@portal/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { conversions } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { maxConversionCents, rateKey, ratesOn } from '../exchange-rates/index.ts';
import { takeConversionCaps } from '../caps/index.ts';
import { screenConversions, type Verdict } from '../fraud/index.ts';
import { commissionsOf, type LedgerEntry, recordEarning } from '../ledger/index.ts';
import { type ConversionForPostback, enqueuePostbacksForConversion } from '../postbacks/index.ts';
import { addToRollups, conversionCounters, isNewCustomer, keyOf, ledgerCost, orphanedRevenue, statsDay } from '../tracking/index.ts';
import { type ClickRow, findClick, orphanReasonOf } from './attribution.ts';
import { type Price, priceOf } from './pricing.ts';
import { ofSource, refundTarget, takeBack } from './refunds.ts';

export { findClick, orphanReasonOf } from './attribution.ts';

export type ConversionInput = z.output<typeof conversionRequestSchema>;
type Input = ConversionInput;

/**
 * Where a conversion comes from: the site's own API (its key; `siteApi`) or one of its biller
 * accounts, with the biller's own event name. Transaction ids are unique per source, so the site's
 * API and each biller account never collide. `noClickReason`: why a conversion naming no click is
 * unattributed, when the source knows better than "no cid was given" (a biller's unknown subscription).
 */
export interface ConversionSource {
  billerAccountId: number | null;
  billerEvent: string | null;
  noClickReason?: string | null;
  /**
   * Its transaction ids are the site's other sources' too ("the site reports too"): a report with
   * the transaction id of one already recorded by another such source is that conversion (a duplicate).
   */
  sharedIds?: boolean;
}
export const siteApi: ConversionSource = { billerAccountId: null, billerEvent: null };

/** Why a conversion is orphaned, in its source's words when it named no click and the source knows better. */
export const orphanReasonFrom = (source: ConversionSource | undefined, cid: string | null | undefined, reason: string | null): string | null =>
  reason && !cid && source?.noClickReason ? source.noClickReason : reason;

/**
 * The status a new conversion is stored with, and why: orphaned without a click; rejected or held
 * by a fraud rule (a flag is still paid, docs/fraud.md); held for want of a rate; else accepted.
 */
export function statusOf(orphanReason: string | null, heldReason: string | null, verdict: Verdict | null): { status: StoredConversionStatus; reason: string | null } {
  if (orphanReason) return { status: 'orphaned', reason: orphanReason };
  const fraud = verdict && verdict.action !== 'flag' ? verdict : null;
  if (fraud?.action === 'reject') return { status: 'rejected', reason: fraud.reason };
  if (fraud || heldReason) return { status: 'held', reason: fraud?.reason ?? heldReason };
  return { status: 'accepted', reason: null };
}

export interface ConversionOutcome {
  /** The one status list (contracts `conversionStatuses`). */
  status: ConversionStatus;
  conversionId: number;
  earningCents: number | null;
  reason: string | null;
}

/** The conversion as its postbacks see it. */
export function forPostback(
  conversionId: number,
  click: Pick<ClickRow, 'affiliateId' | 'offerId' | 'campaignId' | 'cid' | 'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5'>,
  input: Pick<Input, 'type' | 'transaction_id'>,
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
    // The amount is in USD (converted at the conversion's rate), so its currency is too.
    currency: BASE_CURRENCY,
    transactionId: input.transaction_id,
    subs: { sub1: click.sub1, sub2: click.sub2, sub3: click.sub3, sub4: click.sub4, sub5: click.sub5 },
    createdAt,
  };
}

/**
 * The price of one conversion (the one-by-one path; the batch reads its rates at once): its USD
 * cents at the latest rate on or before its day, or held without one; past the maximum, 422.
 * Refunds and chargebacks are never held: they move money only against a sale already paid.
 */
export async function priceOne(db: Db, input: Pick<Input, 'amount_minor' | 'currency' | 'type'>, day: string): Promise<Price> {
  const foreign = input.currency !== BASE_CURRENCY && input.amount_minor > 0;
  const rate = foreign ? (await ratesOn(db, [{ currency: input.currency, day }])).get(rateKey(input.currency, day)) : undefined;
  const price = priceOf(input, day, rate, await maxConversionCents(db));
  if (price instanceof ValidationError) throw price;
  return price.heldReason && isReversalType(input.type) ? { ...price, heldReason: null } : price;
}

/**
 * Records a site's conversion: idempotent on (site, transaction_id); earnings, rollup and postbacks
 * in one transaction. A refund or chargeback first finds and locks the sale it takes back
 * (`refunds.ts`), then reverses only what is left of its earning. Without a rate for its currency
 * a conversion is held: no ledger row, rollup or postback until a rate releases it (release.ts).
 * The fraud rules may flag it (accepted), hold it for staff's review (`fraud-review.ts`) or reject it.
 * `source`: the site's API, or the biller account whose post this is (idempotent per source).
 */
export async function recordConversion(db: Db, siteId: number, input: Input, now = new Date(), source: ConversionSource = siteApi): Promise<ConversionOutcome> {
  const known = await prepare(db, input, now);
  return retryOnDeadlock(() => db.transaction((tx) => recordIn(tx, { siteId, input, now, source }, known)));
}

/** One conversion to record, from its source (the site's API or a biller account). */
interface ConversionToRecord {
  siteId: number;
  input: Input;
  now: Date;
  source?: ConversionSource;
}

/** What a conversion needs before its transaction: its price in USD (or why it is held) and its click. */
async function prepare(db: Db, input: Input, now: Date) {
  const day = statsDay(now);
  const { amountCents, usdRate, heldReason } = await priceOne(db, input, day);
  const found = input.cid ? await findClick(db, input.cid) : undefined;
  return { day, amountCents, usdRate, heldReason, found, reversal: isReversalType(input.type) };
}

/** The transaction that records one conversion (see `recordConversion`). */
async function recordIn(tx: Db, item: ConversionToRecord, known: Awaited<ReturnType<typeof prepare>>): Promise<ConversionOutcome> {
  const { siteId, input, now, source = siteApi } = item;
  const { day, amountCents, usdRate, heldReason, found, reversal } = known;
  const target = reversal
    ? await refundTarget(tx, siteId, source.billerAccountId, input.cid, input.original_transaction_id, found)
    : { click: found, sale: undefined, orphanReason: orphanReasonOf(input.cid, found, siteId) };
  const orphanReason = orphanReasonFrom(source, input.cid, target.orphanReason);
  // The click the conversion is attributed to: a refund with no cid takes its sale's.
  const click = orphanReason ? undefined : target.click;
  // Fraud screening (docs/fraud.md) in the transaction that records it; refunds and chargebacks are never screened.
  const [verdict] = click
    ? await screenConversions(tx, [{ affiliateId: click.affiliateId, offerId: click.offerId, clickedAt: click.createdAt, visitorHash: click.visitorHash, type: input.type, now }])
    : [null];
  const { status, reason } = statusOf(orphanReason, heldReason, verdict ?? null);
  const [row] = await tx
    .insert(conversions)
    .values({
      siteId,
      transactionId: input.transaction_id,
      type: input.type,
      amountCents,
      amountMinor: input.amount_minor,
      currency: input.currency,
      usdRate,
      cid: click?.cid ?? (input.cid || null),
      clickedAt: (click ?? found)?.createdAt ?? null,
      affiliateId: click?.affiliateId ?? null,
      offerId: click?.offerId ?? null,
      campaignId: click?.campaignId ?? null,
      status,
      reason,
      fraudAction: verdict?.action ?? null,
      fraudReason: verdict?.reason ?? null,
      originalTransactionId: input.original_transaction_id ?? null,
      reversesConversionId: click ? (target.sale?.id ?? null) : null,
      billerAccountId: source.billerAccountId,
      billerEvent: source.billerEvent,
      sharedId: source.sharedIds ?? false,
      day,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: conversions.id });
  if (!row) {
    // Reported before (or twice at the same moment): the first report stands.
    // Reported before (or twice at the same moment), by this source or, with shared ids, by another of the site's.
    const [other] = await tx
      .select({ id: conversions.id })
      .from(conversions)
      .where(
        and(
          eq(conversions.siteId, siteId),
          eq(conversions.transactionId, input.transaction_id),
          source.sharedIds ? or(ofSource(siteId, source.billerAccountId), eq(conversions.sharedId, true)) : ofSource(siteId, source.billerAccountId),
        ),
      )
      .limit(1);
    return { status: 'duplicate', conversionId: other!.id, earningCents: null, reason: null };
  }
  if (!click) {
    // Nobody is paid on it, but the site reported it: its revenue counts for the site.
    await addToRollups(tx, [orphanedRevenue(siteId, day, input.type, amountCents)]);
    return { status: 'orphaned', conversionId: row.id, earningCents: null, reason: orphanReason };
  }
  // Held (for want of a rate, or for review) or rejected: no money, rollup or postback.
  if (status === 'held' || status === 'rejected') return { status, conversionId: row.id, earningCents: null, reason };

  const entry: LedgerEntry = { affiliateId: click.affiliateId, conversionId: row.id, cid: click.cid, offerId: click.offerId, day, createdAt: now };
  const refund = { id: row.id, type: input.type, amountMinor: input.amount_minor, amountCents, currency: input.currency };
  // Everything the conversion pays is written after a savepoint; a new customer event then takes
  // its place under the offer's caps last, so their counter rows stay locked only until the commit
  // (concurrent conversions of a capped offer wait the least). Over a hard cap it is all rolled back.
  if (!reversal) await tx.execute(sql`savepoint under_caps`);
  // A reversal takes back no more revenue than is left of its sale's (refunds.ts `takeBack`).
  const taken = reversal ? (target.sale ? await takeBack(tx, target.sale, refund, day, now) : { cents: 0, revenueCents: 0 }) : null;
  const earningCents = taken ? taken.cents : await recordEarning(tx, entry, input.type, amountCents);
  // The referrer's commission (or its take-back) with the conversion, in one write in key order.
  const commissions = earningCents === 0 ? [] : (await commissionsOf(tx, row.id)).flatMap((c) => ledgerCost(c) ?? []);
  await addToRollups(tx, [{ ...keyOf(click, day), ...conversionCounters(input.type, earningCents, taken ? taken.revenueCents : amountCents) }, ...commissions]);
  await enqueuePostbacksForConversion(tx, forPostback(row.id, click, input, earningCents, amountCents, now));
  if (!reversal && !(await takeConversionCaps(tx, { offerId: click.offerId, affiliateId: click.affiliateId, newCustomer: isNewCustomer(input.type), earningCents, now }))) {
    // Over a hard cap: stored with the reason, moving no money (no ledger row, rollup or postback).
    await tx.execute(sql`rollback to savepoint under_caps`);
    await tx.update(conversions).set({ status: 'rejected', reason: OVER_CAP_REASON }).where(eq(conversions.id, row.id));
    return { status: 'rejected', conversionId: row.id, earningCents: null, reason: OVER_CAP_REASON };
  }
  return { status: 'accepted', conversionId: row.id, earningCents, reason: null };
}
