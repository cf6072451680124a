import { isReversalType } from '@portal/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversions } from '../../db/schema/index.ts';
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

/** Locks and answers the conversion of this transaction id from the same source (the site's API or one biller account). */
export async function lockConversion(tx: Db, where: { siteId: number; billerAccountId: number | null; transactionId: string } | { id: number }): Promise<ConversionRow | undefined> {
  const condition = 'id' in where ? eq(conversions.id, where.id) : and(ofSource(where.siteId, where.billerAccountId), eq(conversions.transactionId, where.transactionId));
  const [row] = await tx.select().from(conversions).where(condition).for('update');
  return row;
}

/** The newest sale of the click from the same source not yet taken back in full (held ones included), locked. */
async function newestOpenSale(tx: Db, siteId: number, billerAccountId: number | null, cid: string): Promise<ConversionRow | undefined> {
  const sales = await tx
    .select()
    .from(conversions)
    .where(and(ofSource(siteId, billerAccountId), eq(conversions.cid, cid), inArray(conversions.type, SALE_TYPES), inArray(conversions.status, ['accepted', 'held'])))
    .orderBy(desc(conversions.id))
    .for('update');
  for (const sale of sales) {
    if (sale.status === 'held' || (await earningLeftCents(tx, sale.id)).left > 0) return sale;
  }
  return undefined;
}

const notASale = (sale: ConversionRow | undefined): string | null =>
  !sale ? refundReasons.unknownOriginal : isReversalType(sale.type) ? refundReasons.notASale : null;

/**
 * Which sale a refund or chargeback takes back. With a cid, only a sale of that click: the one its
 * original transaction names, else the newest not yet taken back in full. With no cid, the sale its
 * original transaction names on the same site, and the refund is attributed to that sale's click.
 * Sales are looked for only among the refund's own source (`billerAccountId`: null for the site's
 * API). Anything else is orphaned with the reason. The sale found is locked until the transaction ends.
 */
export async function refundTarget(tx: Db, siteId: number, billerAccountId: number | null, cid: string | null | undefined, originalTransactionId: string | null | undefined, click: ClickRow | undefined): Promise<RefundTarget> {
  const orphan = (reason: string): RefundTarget => ({ click: undefined, sale: undefined, orphanReason: reason });
  if (cid) {
    const reason = orphanReasonOf(cid, click, siteId);
    if (reason || !click) return orphan(reason ?? refundReasons.noReference);
    if (!originalTransactionId) return { click, sale: await newestOpenSale(tx, siteId, billerAccountId, click.cid), orphanReason: null };
    const sale = await lockConversion(tx, { siteId, billerAccountId, transactionId: originalTransactionId });
    const wrong = notASale(sale) ?? (sale!.cid === click.cid ? null : refundReasons.otherClick);
    return wrong ? orphan(wrong) : { click, sale, orphanReason: null };
  }
  if (!originalTransactionId) return orphan(refundReasons.noReference);
  const sale = await lockConversion(tx, { siteId, billerAccountId, transactionId: originalTransactionId });
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
 * Takes back what the refund refunds of the sale (locked by `refundTarget`): a held sale moves no
 * money and is marked reversed so it is never released; otherwise the earning's share (never more
 * than is left), and the sale is marked reversed once nothing is left of it. Answers the cents
 * taken back (0 or negative).
 */
export async function takeBack(tx: Db, sale: ConversionRow, refund: RefundAmounts, day: string, now: Date): Promise<number> {
  if (sale.status === 'held') {
    await markReversed(tx, sale.id, refundReasons.refundedBeforeRelease);
    return 0;
  }
  const share = refund.amountMinor > 0 ? { amountMinor: refund.amountMinor, amountCents: refund.amountCents, currency: refund.currency } : null;
  const result = await reverseSale(tx, sale, share, { conversionId: refund.id, day, createdAt: now });
  // A sale that earned nothing is taken back in full by a refund of all of it.
  const whole = share === null || (share.currency === sale.currency ? share.amountMinor >= sale.amountMinor : share.amountCents >= sale.amountCents);
  if (sale.status === 'accepted' && (result.earned > 0 ? result.left === 0 : whole)) {
    await markReversed(tx, sale.id, refund.type === 'chargeback' ? refundReasons.chargedBack : refundReasons.refundedInFull);
  }
  return result.cents;
}
