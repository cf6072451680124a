import { BASE_CURRENCY, type conversionRequestSchema, type ConversionStatus, isReversalType } from '@portal/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { conversions } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { maxConversionCents, rateKey, ratesOn } from '../exchange-rates/index.ts';
import { takeConversionCaps } from '../caps/index.ts';
import { screenConversions } from '../fraud/index.ts';
import { commissionsOf, type LedgerEntry, writeEarning } from '../ledger/index.ts';
import { effectivePayout } from '../offers/index.ts';
import { type ConversionForPostback, enqueuePostbacksForConversion } from '../postbacks/index.ts';
import { addToRollups, conversionCounters, keyOf, ledgerCost, orphanedRevenue } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';
import { type ClickRow, findClick } from './attribution.ts';
import { decide, orphanReasonFrom, type Report, statusOf, type SubscriptionReport, subscriptionRowsOf } from './decision.ts';
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
  /** The biller subscription it belongs to, with the billers module's verb that writes its rows (decision.ts). */
  subscription?: SubscriptionReport;
}
export const siteApi: ConversionSource = { billerAccountId: null, billerEvent: null };

export { orphanReasonFrom, statusOf } from './decision.ts';

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
 * The fraud rules may flag it (accepted), hold it for staff's review (the fraud module's `review.ts`) or reject it.
 * `source`: the site's API, or the biller account whose post this is (idempotent per source).
 */
export async function recordConversion(db: Db, siteId: number, input: Input, now = new Date(), source: ConversionSource = siteApi): Promise<ConversionOutcome> {
  const known = await prepare(db, input, now);
  const item = { siteId, input, now, source };
  return retryOnDeadlock(() => db.transaction((tx) => (known.reversal ? recordIn(tx, item, known) : recordNewIn(tx, item, known))));
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

/** The conversion a repeat of this report names: its own source's, or with shared ids another of the site's. */
async function firstReport(tx: Db, siteId: number, source: ConversionSource, transactionId: string): Promise<number> {
  const [other] = await tx
    .select({ id: conversions.id })
    .from(conversions)
    .where(
      and(
        eq(conversions.siteId, siteId),
        eq(conversions.transactionId, transactionId),
        source.sharedIds ? or(ofSource(siteId, source.billerAccountId), eq(conversions.sharedId, true)) : ofSource(siteId, source.billerAccountId),
      ),
    )
    .limit(1);
  return other!.id;
}

/**
 * The transaction that records one new customer event (a signup, sale or rebill): what to write is
 * the one decision's (decision.ts), read with its inputs (the click, the fraud rules' verdict, the
 * payout); this writer writes it, then takes its place under the offer's caps.
 */
async function recordNewIn(tx: Db, item: ConversionToRecord, known: Awaited<ReturnType<typeof prepare>>): Promise<ConversionOutcome> {
  const { siteId, input, now, source = siteApi } = item;
  const { amountCents, usdRate, heldReason, found } = known;
  const report: Report = { siteId, input, source, now };
  const price = { amountCents, usdRate, heldReason };
  const unscreened = decide(report, { price, click: found, verdict: null, payout: undefined });
  const click = unscreened.row.affiliateId !== null ? found : undefined;
  // Fraud screening (docs/fraud.md) in the transaction that records it, and the payout, of an attributed one.
  const [verdict] = click
    ? await screenConversions(tx, [{ affiliateId: click.affiliateId, offerId: click.offerId, clickedAt: click.createdAt, visitorHash: click.visitorHash, type: input.type, now }])
    : [null];
  const payout = click ? await effectivePayout(tx, click.offerId, click.affiliateId) : undefined;
  const d = decide(report, { price, click: found, verdict: verdict ?? null, payout });
  const [row] = await tx.insert(conversions).values(d.row).onConflictDoNothing().returning({ id: conversions.id });
  // Reported before (or twice at the same moment): the first report stands.
  if (!row) return { status: 'duplicate', conversionId: await firstReport(tx, siteId, source, input.transaction_id), earningCents: null, reason: null };
  // Its subscription's rows, whatever its status (a sale over a cap still starts its subscription), by the billers module's verb.
  if (d.subscription) await source.subscription!.write(tx, [{ ...d.subscription, conversionId: row.id }]);
  if (d.orphanRevenueCents !== null) {
    // Nobody is paid on it, but the site reported it: its revenue counts for the site.
    await addToRollups(tx, [orphanedRevenue(siteId, d.row.day, input.type, d.orphanRevenueCents)]);
  }
  if (!d.paid || !click) return { status: d.row.status, conversionId: row.id, earningCents: null, reason: d.row.reason };

  const entry: LedgerEntry = { affiliateId: click.affiliateId, conversionId: row.id, cid: click.cid, offerId: click.offerId, day: d.row.day, createdAt: now };
  // Everything the conversion pays is written after a savepoint; it then takes its place under the
  // offer's caps last, so their counter rows stay locked only until the commit (concurrent
  // conversions of a capped offer wait the least). Over a hard cap it is all rolled back.
  await tx.execute(sql`savepoint under_caps`);
  const earningCents = await writeEarning(tx, entry, d.earning);
  const commissions = earningCents === 0 ? [] : (await commissionsOf(tx, row.id)).flatMap((c) => ledgerCost(c) ?? []);
  await addToRollups(tx, [{ ...keyOf(click, d.row.day), ...conversionCounters(input.type, earningCents, amountCents) }, ...commissions]);
  await enqueuePostbacksForConversion(tx, forPostback(row.id, click, input, earningCents, amountCents, now));
  if (!(await takeConversionCaps(tx, { offerId: click.offerId, affiliateId: click.affiliateId, newCustomer: d.newCustomer, earningCents: d.capCents, now }))) {
    // Over a hard cap: the decision again, with the caps' answer; stored with its reason, moving no money.
    const over = decide(report, { price, click: found, verdict: verdict ?? null, payout, overCap: true });
    await tx.execute(sql`rollback to savepoint under_caps`);
    await tx.update(conversions).set({ status: over.row.status, reason: over.row.reason }).where(eq(conversions.id, row.id));
    return { status: over.row.status, conversionId: row.id, earningCents: null, reason: over.row.reason };
  }
  return { status: 'accepted', conversionId: row.id, earningCents, reason: null };
}

/** The transaction that records one refund or chargeback (see `recordConversion`). */
async function recordIn(tx: Db, item: ConversionToRecord, known: Awaited<ReturnType<typeof prepare>>): Promise<ConversionOutcome> {
  const { siteId, input, now, source = siteApi } = item;
  const { day, amountCents, usdRate, found } = known;
  // The sale it takes back, found and locked whichever channel recorded it (refunds.ts).
  const target = await refundTarget(tx, siteId, source.billerAccountId, input.cid, input.original_transaction_id, found);
  const orphanReason = orphanReasonFrom(source, input.cid, target.orphanReason);
  // The click the conversion is attributed to: a refund with no cid takes its sale's. Reversals are never screened nor held.
  const click = orphanReason ? undefined : target.click;
  const { status, reason } = statusOf(orphanReason, null, null);
  const values = {
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
    originalTransactionId: input.original_transaction_id ?? null,
    reversesConversionId: click ? (target.sale?.id ?? null) : null,
    billerAccountId: source.billerAccountId,
    billerEvent: source.billerEvent,
    sharedId: source.sharedIds ?? false,
    day,
    createdAt: now,
  };
  const [row] = await tx.insert(conversions).values(values).onConflictDoNothing().returning({ id: conversions.id });
  // Reported before (or twice at the same moment), by this source or, with shared ids, by another of the site's.
  if (!row) return { status: 'duplicate', conversionId: await firstReport(tx, siteId, source, input.transaction_id), earningCents: null, reason: null };
  // Its subscription's event (a refund, chargeback or void of a known subscription), by the billers module's verb.
  const subscription = subscriptionRowsOf({ siteId, source, now }, values);
  if (subscription) await source.subscription!.write(tx, [{ ...subscription, conversionId: row.id }]);
  if (!click) {
    // Nobody is paid on it, but the site reported it: its revenue counts for the site.
    await addToRollups(tx, [orphanedRevenue(siteId, day, input.type, amountCents)]);
    return { status: 'orphaned', conversionId: row.id, earningCents: null, reason: orphanReason };
  }
  const refund = { id: row.id, type: input.type, amountMinor: input.amount_minor, amountCents, currency: input.currency };
  // No more earning nor revenue than is left of its sale's (refunds.ts `takeBack`).
  const taken = target.sale ? await takeBack(tx, target.sale, refund, day, now) : { cents: 0, revenueCents: 0 };
  // The referrer's commission taken back with it, in one write in key order.
  const commissions = taken.cents === 0 ? [] : (await commissionsOf(tx, row.id)).flatMap((c) => ledgerCost(c) ?? []);
  await addToRollups(tx, [{ ...keyOf(click, day), ...conversionCounters(input.type, taken.cents, taken.revenueCents) }, ...commissions]);
  await enqueuePostbacksForConversion(tx, forPostback(row.id, click, input, taken.cents, amountCents, now));
  return { status: 'accepted', conversionId: row.id, earningCents: taken.cents, reason: null };
}
