import type { ConversionType, StoredConversionStatus } from '@portal/contracts';
import { OVER_CAP_REASON } from '@portal/contracts';
import type { Verdict } from '../fraud/index.ts';
import { type EarningKind, earningOf } from '../ledger/index.ts';
import type { EffectivePayout } from '../offers/index.ts';
import { isNewCustomer, statsDay } from '../tracking/index.ts';
import { orphanReasonOf } from './attribution.ts';
import type { Price } from './pricing.ts';

/**
 * The one decision of a new customer event (a signup, sale or rebill): a pure function of the report
 * and what the database knows about it, answering what to write. Both writers (the batch that
 * group-commits, `batch.ts`, and the single transaction, `service.ts`) write exactly these values
 * and decide nothing themselves. Reversals are decided under their sale's lock (`refunds.ts`).
 */

/** What the decision needs of the click: the attribution and the fraud rules' inputs. */
export interface ClickFacts {
  cid: string;
  createdAt: Date;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number | null;
}

/** The report as its writer received it. */
export interface Report {
  siteId: number;
  input: { cid?: string | null; type: ConversionType; amount_minor: number; currency: string; transaction_id: string; original_transaction_id?: string | null };
  source: { billerAccountId: number | null; billerEvent: string | null; noClickReason?: string | null; sharedIds?: boolean };
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
  return {
    row: {
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
      day: statsDay(now),
      createdAt: now,
    },
    paid,
    earning: paid && worth && worth.cents !== 0 ? worth : null,
    capCents,
    newCustomer: isNewCustomer(input.type),
    orphanRevenueCents: status === 'orphaned' ? price.amountCents : null,
  };
}
