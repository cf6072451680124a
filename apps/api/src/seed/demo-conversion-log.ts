import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clicks, conversions } from '../db/schema/index.ts';
import { refundReasons } from '../modules/conversions/index.ts';
import { commissionsOf, reverseSale } from '../modules/ledger/index.ts';
import { addToRollups, conversionCounters, keyOf, ledgerCost, orphanedRevenue, RollupSums } from '../modules/tracking/index.ts';
import { statsDay } from '../lib/days.ts';

/**
 * What a conversion log shows on a real network besides accepted sales: refunds and chargebacks
 * of some demo sales (the sale then reversed, its earning and any referral commission taken back
 * through the ledger, the rollup counting them), and orphaned reports (no click id, or an unknown
 * one) that moved no money. Deterministic: every demo network gets the same.
 */
export async function seedDemoConversionLog(db: Db, r: () => number, now: Date): Promise<void> {
  const sales = await db.select().from(conversions).where(and(eq(conversions.type, 'sale'), eq(conversions.status, 'accepted'))).orderBy(asc(conversions.id));
  const taken = sales.filter(() => r() < 0.07);
  const clickRows = taken.length ? await db.select().from(clicks).where(inArray(clicks.cid, taken.map((s) => s.cid!))) : [];
  const clickOf = new Map(clickRows.map((c) => [c.cid, c]));
  const stats = new RollupSums();
  let n = 0;
  for (const sale of taken) {
    const click = clickOf.get(sale.cid!);
    const at = new Date(Math.min(now.getTime() - 60_000, sale.createdAt.getTime() + Math.floor((1 + r() * 12) * 86_400_000)));
    if (!click || at <= sale.createdAt) continue;
    const type = r() < 0.2 ? ('chargeback' as const) : ('refund' as const);
    // Most refunds are whole; some give back half, in the sale's own currency.
    const whole = r() < 0.75;
    const amountMinor = whole ? sale.amountMinor : Math.round(sale.amountMinor / 2);
    // Its USD amount at the sale's rate, as the conversion path prices it.
    const refunded = { amountMinor, amountCents: whole ? sale.amountCents : Math.round(amountMinor * Number(sale.usdRate ?? 1)), currency: sale.currency };
    const amount = refunded.amountCents;
    const day = statsDay(at);
    const [row] = await db
      .insert(conversions)
      .values({
        siteId: sale.siteId,
        transactionId: `demo-${type}-${++n}`,
        type,
        amountCents: amount,
        amountMinor: refunded.amountMinor,
        currency: sale.currency,
        usdRate: sale.usdRate,
        cid: sale.cid,
        clickedAt: sale.clickedAt,
        affiliateId: sale.affiliateId,
        offerId: sale.offerId,
        campaignId: sale.campaignId,
        status: 'accepted',
        originalTransactionId: sale.transactionId,
        reversesConversionId: sale.id,
        day,
        createdAt: at,
      })
      .returning({ id: conversions.id });
    const { cents } = await reverseSale(db, sale, refunded, { conversionId: row!.id, day, createdAt: at });
    stats.add({ ...keyOf(click, day), ...conversionCounters(type, cents, amount) });
    for (const c of await commissionsOf(db, row!.id)) {
      const cost = ledgerCost(c);
      if (cost) stats.add(cost);
    }
    if (whole) {
      await db.update(conversions).set({ status: 'reversed', reason: type === 'chargeback' ? refundReasons.chargedBack : refundReasons.refundedInFull }).where(eq(conversions.id, sale.id));
    }
  }
  await addToRollups(db, stats);

  // Reports the network could not attribute: kept with the reason, no money moved.
  const sites = [...new Set(sales.map((s) => s.siteId))];
  const orphans = Array.from({ length: sites.length ? 14 : 0 }, (_, i) => {
    const at = new Date(now.getTime() - Math.floor(r() * 60 * 86_400_000) - 60_000);
    const unknownCid = i % 3 !== 0;
    const type = i % 5 === 4 ? ('signup' as const) : ('sale' as const);
    const amount = type === 'signup' ? 0 : [2999, 3999, 5999][i % 3]!;
    return {
      siteId: sites[i % sites.length]!,
      transactionId: `demo-orphan-${i + 1}`,
      type,
      amountCents: amount,
      amountMinor: amount,
      currency: 'USD',
      usdRate: '1',
      cid: unknownCid ? `lost${(i * 7919).toString(36)}x${Math.floor(r() * 1e6).toString(36)}` : null,
      status: 'orphaned',
      reason: unknownCid ? 'No click has this click id.' : 'No click id (cid) was given.',
      day: statsDay(at),
      createdAt: at,
    };
  });
  if (orphans.length) {
    await db.insert(conversions).values(orphans);
    // Nobody is paid on them, but the sites reported them: their revenue counts for the site.
    await addToRollups(db, orphans.map((o) => orphanedRevenue(o.siteId, o.day, o.type, o.amountCents)));
  }
}
