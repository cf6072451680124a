import { isReversalType } from '@portal/contracts';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billerAccounts, conversions } from '../../db/schema/index.ts';
import { earningLeftCents, earningsLeft, writeReversals } from '../ledger/index.ts';
import { type ClickRow, findClick, orphanReasonOf } from './attribution.ts';
import { decideReversal, refundReasons, type RevenueBefore, reversalMovesMoney, reversalTakesRevenue } from './decision.ts';

/**
 * Refunds and chargebacks (docs/tracking.md, Refunds): which sale one takes back, and taking it
 * back. The sale's conversion row is locked (`FOR UPDATE`) before anything is read of its earning,
 * so refunds, chargebacks and staff's reversals of one sale, however many arrive at once, run one
 * after the other, and each reverses only what the ones before it left.
 */

export type ConversionRow = typeof conversions.$inferSelect;

export { refundReasons } from './decision.ts';

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
 * The sale's revenue the accepted reversals before this one took (each took `min(its amount, what
 * was left)`; one with no amount took all). Read under the sale's lock, so concurrent reversals
 * each see the ones before them.
 */
export async function revenueBefore(tx: Db, saleId: number, refundId: number): Promise<RevenueBefore> {
  const [before] = await tx
    .select({ sum: sql<string>`coalesce(sum(${conversions.amountCents}), 0)`, whole: sql<number>`count(*) filter (where ${conversions.amountMinor} = 0)::int` })
    .from(conversions)
    .where(and(eq(conversions.reversesConversionId, saleId), eq(conversions.status, 'accepted'), sql`${conversions.id} <> ${refundId}`));
  return { cents: Number(before?.sum ?? 0), whole: Number(before?.whole) > 0 };
}

/** What a reversal took back of its sale: the earning's cents (0 or negative) and the revenue's (0 or more). */
export interface TakenBack {
  cents: number;
  revenueCents: number;
}

/**
 * Takes back what the refund refunds of the sale (locked by `refundTarget`): reads what the
 * decision needs under the lock (the earnings left, the revenue taken before), and writes what
 * `decideReversal` answers: the ledger's reversal rows and, when nothing is left, the sale reversed.
 */
export async function takeBack(tx: Db, sale: ConversionRow, refund: RefundAmounts, day: string, now: Date): Promise<TakenBack> {
  const earnings = reversalMovesMoney(sale) ? await earningsLeft(tx, sale.id) : [];
  const before = reversalTakesRevenue(sale) ? await revenueBefore(tx, sale.id, refund.id) : { cents: 0, whole: false };
  const d = decideReversal(sale, refund, earnings, before);
  await writeReversals(tx, d.takes, { conversionId: refund.id, day, createdAt: now });
  if (d.reversedReason) await markReversed(tx, sale.id, d.reversedReason);
  return { cents: d.cents, revenueCents: d.revenueCents };
}
