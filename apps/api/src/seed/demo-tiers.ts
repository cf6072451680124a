import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offerPayouts, offers, settings, tiers } from '../db/schema/index.ts';

const MARKER = 'demo_tiers_version';

/**
 * Offer payouts per tier in the demo network: Gold affiliates earn more on two offers (an offer's
 * page shows them under Custom payouts, Per tier). Written once: payouts staff change stay changed.
 */
export async function seedDemoTiers(db: Db): Promise<void> {
  const [done] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (done) return;
  const [gold] = await db.select({ id: tiers.id }).from(tiers).where(eq(tiers.name, 'Gold'));
  const rates: Record<string, number> = { 'HoloStage Pay per sale $45': 5500, 'NovaVR Revshare 35%': 4000 };
  const rows = await db.select({ id: offers.id, name: offers.name }).from(offers).where(inArray(offers.name, Object.keys(rates)));
  if (!gold || !rows.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(offerPayouts)
      .values(rows.map((o) => ({ offerId: o.id, affiliateId: null, tierId: gold.id, amount: rates[o.name]! })))
      .onConflictDoNothing();
    await tx.insert(settings).values({ key: MARKER, value: 1 }).onConflictDoNothing();
  });
}
