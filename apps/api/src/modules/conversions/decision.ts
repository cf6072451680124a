import type { ConversionType, StoredConversionStatus } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { conversionActionMessages, isReversalType, OVER_CAP_REASON } from '@portal/contracts';
import type { Verdict } from '../fraud/index.ts';
import { type EarningKind, type EarningLeft, earningOf, planReversal, type ReversalTake } from '../ledger/index.ts';
import type { EffectivePayout } from '../offers/index.ts';
import { isNewCustomer } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';
import { orphanReasonOf } from './attribution.ts';
import type { Price } from './pricing.ts';

/**
 * The one decision of a new customer event (a signup, sale or rebill): a pure function of the report
 * and what the database knows about it, answering what to write. Both writers (the batch that
 * group-commits, `batch.ts`, and the single transaction, `service.ts`) write exactly these values
 * and decide nothing themselves. A reversal (a refund, a chargeback, or staff by hand) is decided
 * the same way, `decideReversal` and `decideStaffReversal`, from what its writer read under the
 * sale's lock (`refunds.ts`, `reverse.ts`).
 */

/** What the decision needs of the click: the attribution and the fraud rules' inputs. */
export interface ClickFacts {
  cid: string;
  createdAt: Date;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number | null;
  /** The visitor's hash: kept on the conversion, so the visitor's conversions are counted by an index. */
  visitorHash?: string | null;
}

/**
 * The biller subscription a report belongs to (a biller account's post naming one): what the
 * billers module knows of it, and its verb that writes subscription rows (`SubscriptionWriter`),
 * handed to the writers with the report so that conversions never depend on billers.
 */
export interface SubscriptionReport {
  accountId: number;
  /** The biller's subscription id. */
  subscriptionId: string;
  /** Its row, when the billers module has one; null: none yet (a first sale starts it). */
  rowId: number | null;
  /** The biller event's type as the subscription's history names it (sale, rebill, refund, chargeback, void). */
  eventType: string;
  write: SubscriptionWriter;
}

/**
 * The subscription rows a conversion makes: a first sale starts its subscription (credited to the
 * sale's click) with the sale as its first event; any other event of a known subscription is one
 * event row with the conversion's amount.
 */
export type SubscriptionRows =
  | {
      kind: 'start';
      accountId: number;
      siteId: number;
      subscriptionId: string;
      cid: string | null;
      affiliateId: number | null;
      offerId: number | null;
      campaignId: number | null;
      type: string;
      amountCents: number;
      at: Date;
    }
  | { kind: 'event'; subscriptionRowId: number; type: string; amountCents: number; at: Date };

/** Subscription rows with the conversion they belong to, as a writer hands them to the verb once it wrote the conversion. */
export type SubscriptionWrite = SubscriptionRows & { conversionId: number };

/** The billers module's verb: writes the subscription rows of conversions just written, on `q` (the writer's transaction or connection). */
export type SubscriptionWriter = (q: Db, rows: SubscriptionWrite[]) => Promise<void>;

/** The report as its writer received it. */
export interface Report {
  siteId: number;
  input: { cid?: string | null; type: ConversionType; amount_minor: number; currency: string; transaction_id: string; original_transaction_id?: string | null };
  source: { billerAccountId: number | null; billerEvent: string | null; noClickReason?: string | null; sharedIds?: boolean; subscription?: SubscriptionReport };
  now: Date;
}

/** What the database knows about it, read before the decision. */
export interface Known {
  price: Price;
  /** The click its cid names (of any site), if any. */
  click: ClickFacts | undefined;
  /** The fraud rules' verdict on it (null: not screened, or nothing to say). */
  verdict: Verdict | null;
  /** The affiliate's payout on the click's offer. */
  payout: EffectivePayout | undefined;
  /** A hard cap of the offer has no room for it (caps' admission). */
  overCap?: boolean;
}

/** The conversion row, as both writers store it. */
export interface ConversionValues {
  siteId: number;
  transactionId: string;
  type: ConversionType;
  amountCents: number;
  amountMinor: number;
  currency: string;
  usdRate: string | null;
  cid: string | null;
  clickedAt: Date | null;
  affiliateId: number | null;
  offerId: number | null;
  campaignId: number | null;
  status: StoredConversionStatus;
  reason: string | null;
  fraudAction: string | null;
  fraudReason: string | null;
  originalTransactionId: string | null;
  billerAccountId: number | null;
  billerEvent: string | null;
  sharedId: boolean;
  /** The click's visitor (the fraud rule `visitor_per_hour` counts by it). */
  visitorHash: string | null;
  day: string;
  createdAt: Date;
}

export interface Decision {
  row: ConversionValues;
  /** The click paid on it: accepted conversions only. */
  paid: ClickFacts | null;
  /** The ledger's earning row: accepted and earning more than 0. */
  earning: { kind: EarningKind; cents: number } | null;
  /** The cents the caps are asked to admit (0 when it earns nothing). */
  capCents: number;
  newCustomer: boolean;
  /** The site's revenue with no affiliate: an orphaned conversion's amount. */
  orphanRevenueCents: number | null;
  /** The biller subscription's rows it makes (a biller's post naming a subscription), whatever its status. */
  subscription: SubscriptionRows | null;
}

/**
 * The subscription rows of a report whose source names a biller subscription, from the conversion
 * row it makes: an event of the known subscription, or a first sale's new subscription credited to
 * the sale's click (none when the subscription is unknown and the event is not a sale).
 */
export function subscriptionRowsOf(report: Pick<Report, 'siteId' | 'source' | 'now'>, row: Pick<ConversionValues, 'cid' | 'affiliateId' | 'offerId' | 'campaignId' | 'amountCents'>): SubscriptionRows | null {
  const s = report.source.subscription;
  if (!s) return null;
  if (s.rowId !== null) return { kind: 'event', subscriptionRowId: s.rowId, type: s.eventType, amountCents: row.amountCents, at: report.now };
  if (s.eventType !== 'sale') return null;
  return {
    kind: 'start',
    accountId: s.accountId,
    siteId: report.siteId,
    subscriptionId: s.subscriptionId,
    cid: row.cid,
    affiliateId: row.affiliateId,
    offerId: row.offerId,
    campaignId: row.campaignId,
    type: s.eventType,
    amountCents: row.amountCents,
    at: report.now,
  };
}

/** Why a conversion is orphaned, in its source's words when it named no click and the source knows better. */
export const orphanReasonFrom = (source: Report['source'] | undefined, cid: string | null | undefined, reason: string | null): string | null =>
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

/** What one new customer event becomes (see the module's comment). */
export function decide(report: Report, known: Known): Decision {
  const { siteId, input, source, now } = report;
  const { price, click, verdict } = known;
  const orphanReason = orphanReasonFrom(source, input.cid, orphanReasonOf(input.cid, click, siteId));
  const attributed = orphanReason ? undefined : click;
  const decided = statusOf(orphanReason, price.heldReason, verdict);
  const { status, reason } = decided.status === 'accepted' && known.overCap ? { status: 'rejected' as const, reason: OVER_CAP_REASON } : decided;
  const worth = attributed ? earningOf(known.payout, input.type, price.amountCents) : null;
  const capCents = worth && worth.cents !== 0 ? worth.cents : 0;
  const paid = status === 'accepted' && attributed ? attributed : null;
  const row: ConversionValues = {
    siteId,
    transactionId: input.transaction_id,
    type: input.type,
    amountCents: price.amountCents,
    amountMinor: input.amount_minor,
    currency: input.currency,
    usdRate: price.usdRate,
    cid: input.cid || null,
    clickedAt: click?.createdAt ?? null,
    affiliateId: attributed?.affiliateId ?? null,
    offerId: attributed?.offerId ?? null,
    campaignId: attributed?.campaignId ?? null,
    status,
    reason,
    fraudAction: verdict?.action ?? null,
    fraudReason: verdict?.reason ?? null,
    originalTransactionId: input.original_transaction_id ?? null,
    billerAccountId: source.billerAccountId,
    billerEvent: source.billerEvent,
    sharedId: source.sharedIds ?? false,
    visitorHash: click?.visitorHash ?? null,
    day: statsDay(now),
    createdAt: now,
  };
  return {
    row,
    paid,
    earning: paid && worth && worth.cents !== 0 ? worth : null,
    capCents,
    newCustomer: isNewCustomer(input.type),
    orphanRevenueCents: status === 'orphaned' ? price.amountCents : null,
    subscription: subscriptionRowsOf(report, row),
  };
}

/** Why a refund moved no money (it is then stored as orphaned), and what happened to the sale. */
export const refundReasons = {
  noReference: 'No click id (cid) or original transaction id was given.',
  unknownOriginal: 'No conversion of this site has this original transaction id.',
  noSale: 'No sale of this click was found on this site.',
  notASale: 'The original transaction is itself a refund or chargeback.',
  otherClick: 'The original transaction belongs to another click.',
  originalOrphaned: 'The original transaction was not attributed to a click.',
  clickGone: "The original transaction's click is no longer kept.",
  refundedInFull: 'Refunded in full',
  chargedBack: 'Charged back',
  refundedBeforeRelease: 'Refunded before release',
} as const;

/** The sale a reversal takes back, as its writer read it under the sale's lock. */
export interface SaleFacts {
  id: number;
  type: string;
  status: string;
  amountMinor: number;
  amountCents: number;
  currency: string;
}

/** The refund or chargeback: its type and amount as sent, and in USD cents (0: all that is left). */
export interface RefundFacts {
  type: string;
  amountMinor: number;
  amountCents: number;
  currency: string;
}

/** The sale's revenue the accepted reversals before this one took: the sum of their USD cents, and whether one of them took all. */
export interface RevenueBefore {
  cents: number;
  whole: boolean;
}

/** What a reversal writes: its ledger rows, the earning (0 or negative) and revenue (0 or more) it takes back, and the sale's new status reason. */
export interface ReversalDecision {
  takes: ReversalTake[];
  cents: number;
  revenueCents: number;
  /** The sale is marked reversed with this reason; null: it stays as it is. */
  reversedReason: string | null;
}

/** Whether a reversal of this sale moves money: a held one never does (it is only marked reversed, never to be released). */
export const reversalMovesMoney = (sale: Pick<SaleFacts, 'status'>): boolean => sale.status !== 'held';

/** Whether a reversal takes back revenue of this sale: one that counted its revenue (accepted, or already reversed in part). */
export const reversalTakesRevenue = (sale: Pick<SaleFacts, 'status'>): boolean => sale.status === 'accepted' || sale.status === 'reversed';

/**
 * What a refund or chargeback takes back of its sale (docs/tracking.md, Refunds): a held sale moves
 * no money and is marked reversed; otherwise the earnings' share (never more than is left of each,
 * the ledger's `planReversal`) and as much revenue as the refund's amount, never more than the
 * reversals before it left (an amount of 0 takes all that is left). An accepted sale is marked
 * reversed once nothing is left of its earning, or, when it earned nothing, by a refund of all of it.
 */
export function decideReversal(sale: SaleFacts, refund: RefundFacts, earnings: EarningLeft[], before: RevenueBefore): ReversalDecision {
  if (!reversalMovesMoney(sale)) return { takes: [], cents: 0, revenueCents: 0, reversedReason: refundReasons.refundedBeforeRelease };
  const revenueLeft = before.whole ? 0 : Math.max(0, sale.amountCents - before.cents);
  const revenueCents = !reversalTakesRevenue(sale) ? 0 : refund.amountCents > 0 ? Math.min(refund.amountCents, revenueLeft) : revenueLeft;
  const share = refund.amountMinor > 0 ? { amountMinor: refund.amountMinor, amountCents: refund.amountCents, currency: refund.currency } : null;
  const plan = planReversal(earnings, sale, share);
  const whole = share === null || (share.currency === sale.currency ? share.amountMinor >= sale.amountMinor : share.amountCents >= sale.amountCents);
  const done = sale.status === 'accepted' && (plan.earned > 0 ? plan.left === 0 : whole);
  return { takes: plan.takes, cents: plan.cents, revenueCents, reversedReason: done ? (refund.type === 'chargeback' ? refundReasons.chargedBack : refundReasons.refundedInFull) : null };
}

/**
 * Staff take a sale back by hand, with a reason: all that is left of an accepted sale's earning;
 * a held sale moves no money and is marked reversed so it is never released. The revenue stays
 * (the site was paid). A sale already reversed, a refund or chargeback, and anything neither
 * accepted nor held are refused with the message to answer.
 */
export function decideStaffReversal(sale: SaleFacts, earnings: EarningLeft[], reason: string): ReversalDecision | { refused: string } {
  if (sale.status === 'reversed') return { refused: conversionActionMessages.alreadyReversed };
  if (isReversalType(sale.type) || (sale.status !== 'accepted' && sale.status !== 'held')) return { refused: conversionActionMessages.notReversible };
  if (!reversalMovesMoney(sale)) return { takes: [], cents: 0, revenueCents: 0, reversedReason: reason };
  const plan = planReversal(earnings, sale, null);
  return { takes: plan.takes, cents: plan.cents, revenueCents: 0, reversedReason: reason };
}
