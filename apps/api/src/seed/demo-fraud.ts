import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { CAPPED_OFFER } from './demo-caps.ts';
import { clicks, conversionAppeals, conversions, fraudRules, offers, riskHolds, settings, sites } from '../db/schema/index.ts';
import { statsDay } from '../lib/days.ts';

const MARKER = 'demo_fraud_version';

/**
 * Fraud screening on the demo network (docs/fraud.md), once: a few network rules (too fast after
 * the click, a visitor converting again and again, a month after the click: flag; a high
 * chargeback ratio: hold), the risk-hold table, a handful of sales held for review (one
 * appealed by its affiliate) and one rejected, so the Fraud screen (the owner's) has something to
 * show. A fresh install without demo data holds nothing.
 */
export async function seedDemoFraud(db: Db, now = new Date()): Promise<void> {
  const added = await db.insert(settings).values({ key: MARKER, value: 1 }).onConflictDoNothing().returning({ key: settings.key });
  if (!added.length) return;
  const existing = await db.select({ id: fraudRules.id }).from(fraudRules).where(isNull(fraudRules.offerId)).limit(1);
  if (!existing.length) {
    await db.insert(fraudRules).values([
      // Flags only for what arrives live (a demo visitor converts at once and often); holds for a high chargeback ratio.
      { rule: 'min_seconds', value: 15, action: 'flag' },
      { rule: 'max_seconds', value: 30 * 86_400, action: 'flag' },
      { rule: 'visitor_per_hour', value: 20, action: 'flag' },
      { rule: 'chargeback_ratio_30', value: 25, action: 'hold' },
    ]);
  }
  if (!(await db.select({ id: riskHolds.id }).from(riskHolds).limit(1)).length) {
    await db.insert(riskHolds).values([
      { ratio: 2, extraDays: 7 },
      { ratio: 5, extraDays: 21 },
    ]);
  }

  // Clicks of the last days nobody converted on: each becomes a sale reported seconds after it.
  const converted = db.select({ cid: conversions.cid }).from(conversions).where(sql`${conversions.cid} is not null`);
  const unconverted = (onlyOffer?: string) =>
    db
      .select({ cid: clicks.cid, createdAt: clicks.createdAt, affiliateId: clicks.affiliateId, offerId: clicks.offerId, campaignId: clicks.campaignId, siteId: clicks.siteId })
      .from(clicks)
      .innerJoin(offers, eq(offers.id, clicks.offerId))
      .innerJoin(sites, eq(sites.id, clicks.siteId))
      .where(
        and(
          sql`${clicks.createdAt} > ${new Date(now.getTime() - 20 * 86_400_000)}`,
          sql`${clicks.createdAt} < ${new Date(now.getTime() - 3_600_000)}`,
          notInArray(clicks.cid, converted),
          onlyOffer ? eq(offers.name, onlyOffer) : undefined,
        ),
      )
      .orderBy(asc(clicks.createdAt))
      .limit(onlyOffer ? 1 : 6);
  // One held sale on the capped offer, whatever the days' traffic: the Fraud screen shows that its
  // approval waits for the cap (docs/caps.md). It is the one before the last (the last is rejected,
  // the first is appealed).
  const [onCapped] = await unconverted(CAPPED_OFFER);
  const candidates = (await unconverted()).filter((c) => !onCapped || c.offerId !== onCapped.offerId).slice(0, onCapped ? 5 : 6);
  if (onCapped) candidates.splice(Math.max(1, candidates.length - 1), 0, onCapped);
  const amounts = [4999, 2999, 8999, 3999, 5999, 2499];
  const rows = candidates.map((c, i) => {
    const at = new Date(c.createdAt.getTime() + (3 + i) * 1000);
    const rejected = i === candidates.length - 1 && candidates.length > 1;
    const reason = `Converted less than 15 seconds after the click.`;
    return {
      siteId: c.siteId,
      transactionId: `demo-fraud-${i + 1}`,
      type: 'sale',
      amountCents: amounts[i % amounts.length]!,
      amountMinor: amounts[i % amounts.length]!,
      currency: 'USD',
      usdRate: '1',
      cid: c.cid,
      clickedAt: c.createdAt,
      affiliateId: c.affiliateId,
      offerId: c.offerId,
      campaignId: c.campaignId,
      status: rejected ? 'rejected' : 'held',
      reason: rejected ? 'Same card used on five accounts in one hour.' : reason,
      fraudAction: 'hold',
      fraudReason: reason,
      reviewedAt: rejected ? now : null,
      day: statsDay(at),
      createdAt: at,
    };
  });
  if (!rows.length) return;
  const saved = await db.insert(conversions).values(rows).onConflictDoNothing().returning({ id: conversions.id, affiliateId: conversions.affiliateId, status: conversions.status });
  const appealed = saved.find((s) => s.status === 'held');
  if (appealed?.affiliateId) {
    await db.insert(conversionAppeals).values({
      conversionId: appealed.id,
      affiliateId: appealed.affiliateId,
      message: 'This was a real customer: they clicked my link from my newsletter and bought straight away with a saved card.',
      createdAt: now,
    });
  }
}
