import { isReversalType } from '@portal/contracts';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billerAccounts, conversions } from '../../db/schema/index.ts';
import { earningLeftCents, reverseSale } from '../ledger/index.ts';
import { type ClickRow, findClick, orphanReasonOf } from './attribution.ts';

/**
 * Refunds and chargebacks (docs/tracking.md, Refunds): which sale one takes back, and taking it
 * back. The sale's conversion row is locked (`FOR UPDATE`) before anything is read of its earning,
 * so refunds, chargebacks and staff's reversals of one sale, however many arrive at once, run one
 * after the other, and each reverses only what the ones before it left.
 */

export type ConversionRow = typeof conversions.$inferSelect;

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

/** The conversion types a refund can take back. */
const SALE_TYPES = ['sale', 'rebill', 'signup'];

/** The sale a refund takes back (locked) and the click the refund is attributed to; or why it is orphaned. */
export interface RefundTarget {
  click: ClickRow | undefined;
  sale: ConversionRow | undefined;
  orphanReason: string | null;
}

/** The conversions of one source: the site's own API (no biller account) or one biller account. */
export const ofSource = (siteId: number, billerAccountId: number | null) =>
  and(eq(conversions.siteId, siteId), billerAccountId === null ? isNull(conversions.billerAccountId) : eq(conversions.billerAccountId, billerAccountId));

/** Locks and answers a conversion by its id, or by its transaction id from the same source (the site's API or one biller account). */
export async function lockConversion(tx: Db, where: { siteId: number; billerAccountId: number | null; transactionId: string } | { id: number }): Promise<ConversionRow | undefined> {
  const condition = 'id' in where ? eq(conversions.id, where.id) : and(ofSource(where.siteId, where.billerAccountId), eq(conversions.transactionId, where.transactionId));
  const [row] = await tx.select().from(conversions).where(condition).for('update');
  return row;
}

/**
 * The conversion a reversal's original transaction id names, from any source of the site (its API
 * and each biller account: a sale is one sale whichever channel recorded it), locked. The
 * reversal's own source first, then a sale of another source. The lookup stays on the
 * (site, source, transaction id) index: the site's API and each of the site's biller accounts.
 */
async function lockOriginal(tx: Db, siteId: number, billerAccountId: number | null, transactionId: string): Promise<ConversionRow | undefined> {
  const found = await tx
    .select()
    .from(conversions)
    .where(
      and(
        eq(conversions.siteId, siteId),
        eq(conversions.transactionId, transactionId),
        or(isNull(conversions.billerAccountId), inArray(conversions.billerAccountId, tx.select({ id: billerAccounts.id }).from(billerAccounts).where(eq(billerAccounts.siteId, siteId)))),
      ),
    )
    .orderBy(desc(conversions.id))
    .for('update', { of: conversions });
  const own = (r: ConversionRow) => r.billerAccountId === billerAccountId;
  return found.find(own) ?? found.find((r) => !isReversalType(r.type)) ?? found[0];
}

/**
 * The click's sales on the site from any source, locked, newest first: the newest not yet taken
 * back in full (held ones included); else the newest (nothing is left of it); none: undefined.
 */
async function newestSale(tx: Db, siteId: number, cid: string): Promise<ConversionRow | undefined> {
  const sales = await tx
    .select()
    .from(conversions)
    .where(and(eq(conversions.siteId, siteId), eq(conversions.cid, cid), inArray(conversions.type, SALE_TYPES), inArray(conversions.status, ['accepted', 'held', 'reversed'])))
    .orderBy(desc(conversions.id))
    .for('update');
  for (const sale of sales) {
    if (sale.status === 'held' || (sale.status === 'accepted' && (await earningLeftCents(tx, sale.id)).left > 0)) return sale;
  }
  return sales[0];
}

const notASale = (sale: ConversionRow | undefined): string | null =>
  !sale ? refundReasons.unknownOriginal : isReversalType(sale.type) ? refundReasons.notASale : null;

/**
 * Which sale a refund or chargeback takes back, whichever channel (the site's API or one of its
 * biller accounts) recorded it. With a cid, only a sale of that click: the one its original
 * transaction names, else the newest of the click not yet taken back in full (a biller's
 * transaction ids need not be the site's, so a biller's reversal whose original the site recorded
 * under another id still finds it by the click). With no cid, the sale its original transaction
 * names on the same site, and the refund is attributed to that sale's click. A refund that finds
 * no sale is orphaned with the reason. The sale found is locked until the transaction ends.
 */
export async function refundTarget(tx: Db, siteId: number, billerAccountId: number | null, cid: string | null | undefined, originalTransactionId: string | null | undefined, click: ClickRow | undefined): Promise<RefundTarget> {
  const orphan = (reason: string): RefundTarget => ({ click: undefined, sale: undefined, orphanReason: reason });
  if (cid) {
    const reason = orphanReasonOf(cid, click, siteId);
    if (reason || !click) return orphan(reason ?? refundReasons.noReference);
    const named = originalTransactionId ? await lockOriginal(tx, siteId, billerAccountId, originalTransactionId) : undefined;
    if (named || (originalTransactionId && billerAccountId === null)) {
      const wrong = notASale(named) ?? (named!.cid === click.cid ? null : refundReasons.otherClick);
      return wrong ? orphan(wrong) : { click, sale: named, orphanReason: null };
    }
    const sale = await newestSale(tx, siteId, click.cid);
    return sale ? { click, sale, orphanReason: null } : orphan(refundReasons.noSale);
  }
  if (!originalTransactionId) return orphan(refundReasons.noReference);
  const sale = await lockOriginal(tx, siteId, billerAccountId, originalTransactionId);
  const wrong = notASale(sale);
  if (wrong) return orphan(wrong);
  if (sale!.affiliateId === null || !sale!.cid || sale!.status === 'orphaned') return orphan(refundReasons.originalOrphaned);
  const saleClick = await findClick(tx, sale!.cid);
  return saleClick ? { click: saleClick, sale, orphanReason: null } : orphan(refundReasons.clickGone);
}

/** Marks a sale taken back in full: its earning rows stay (the ledger is append-only), its status says it. */
export async function markReversed(tx: Db, saleId: number, reason: string): Promise<void> {
  await tx.update(conversions).set({ status: 'reversed', reason: reason.slice(0, 255) }).where(eq(conversions.id, saleId));
}

/** The refund as taking back needs it: its conversion, type and amount (as sent, and in USD cents). */
export interface RefundAmounts {
  id: number;
  type: string;
  amountMinor: number;
  amountCents: number;
  currency: string;
}

/**
 * The USD cents of the sale's revenue a reversal of `refundCents` takes back (0 or more): never more
 * than the reversals before it left (each takes `min(its amount, what is left)`, so what is left is
 * the sale's amount less the sum of their amounts; one with no amount took all). Read under the
 * sale's lock, so concurrent reversals each see the ones before them.
 */
export async function revenueToTakeBack(tx: Db, sale: Pick<ConversionRow, 'id' | 'amountCents'>, refundId: number, refundCents: number): Promise<number> {
  const [before] = await tx
    .select({ sum: sql<string>`coalesce(sum(${conversions.amountCents}), 0)`, whole: sql<number>`count(*) filter (where ${conversions.amountMinor} = 0)::int` })
    .from(conversions)
    .where(and(eq(conversions.reversesConversionId, sale.id), eq(conversions.status, 'accepted'), sql`${conversions.id} <> ${refundId}`));
  const left = Number(before?.whole) > 0 ? 0 : Math.max(0, sale.amountCents - Number(before?.sum ?? 0));
  return refundCents > 0 ? Math.min(refundCents, left) : left;
}

/** What a reversal took back of its sale: the earning's cents (0 or negative) and the revenue's (0 or more). */
export interface TakenBack {
  cents: number;
  revenueCents: number;
}

/**
 * Takes back what the refund refunds of the sale (locked by `refundTarget`): a held sale moves no
 * money and is marked reversed so it is never released; otherwise the earning's share (never more
 * than is left) and as much revenue (never more than the sale's), and the sale is marked reversed
 * once nothing is left of it.
 */
export async function takeBack(tx: Db, sale: ConversionRow, refund: RefundAmounts, day: string, now: Date): Promise<TakenBack> {
  if (sale.status === 'held') {
    await markReversed(tx, sale.id, refundReasons.refundedBeforeRelease);
    return { cents: 0, revenueCents: 0 };
  }
  const revenueCents = sale.status === 'accepted' || sale.status === 'reversed' ? await revenueToTakeBack(tx, sale, refund.id, refund.amountCents) : 0;
  const share = refund.amountMinor > 0 ? { amountMinor: refund.amountMinor, amountCents: refund.amountCents, currency: refund.currency } : null;
  const result = await reverseSale(tx, sale, share, { conversionId: refund.id, day, createdAt: now });
  // A sale that earned nothing is taken back in full by a refund of all of it.
  const whole = share === null || (share.currency === sale.currency ? share.amountMinor >= sale.amountMinor : share.amountCents >= sale.amountCents);
  if (sale.status === 'accepted' && (result.earned > 0 ? result.left === 0 : whole)) {
    await markReversed(tx, sale.id, refund.type === 'chargeback' ? refundReasons.chargedBack : refundReasons.refundedInFull);
  }
  return { cents: result.cents, revenueCents };
}
