import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { capCounters, caps, offers } from '../db/schema/index.ts';
import { periodStart } from '../modules/caps/index.ts';

/** The demo's capped offer: HoloStage's pay per sale, at its daily conversion cap today (docs/caps.md). */
export const CAPPED_OFFER = 'HoloStage Pay per sale $45';
const DAILY_LIMIT = 25;

/**
 * A capped offer and a soft cap to show: HoloStage's pay per sale has a daily hard cap of 25
 * conversions that is full today (and tomorrow) at every start (so affiliates see "Capped today" and when it
 * reopens, and its clicks go to its fallback URL), and NovaVR's revshare a soft monthly payout cap.
 */
export async function seedDemoCaps(db: Db, now = new Date()): Promise<void> {
  const [capped] = await db.select({ id: offers.id, fallbackUrl: offers.fallbackUrl }).from(offers).where(eq(offers.name, CAPPED_OFFER));
  if (!capped) return;
  let [cap] = await db.select({ id: caps.id }).from(caps).where(and(eq(caps.offerId, capped.id), isNull(caps.affiliateId), eq(caps.metric, 'conversions')));
  if (!cap) {
    [cap] = await db.insert(caps).values({ offerId: capped.id, metric: 'conversions', period: 'day', limit: DAILY_LIMIT, mode: 'hard' }).returning({ id: caps.id });
    if (!capped.fallbackUrl) await db.update(offers).set({ fallbackUrl: 'https://holostage.example/free-preview' }).where(eq(offers.id, capped.id));
    const [soft] = await db.select({ id: offers.id }).from(offers).where(eq(offers.name, 'NovaVR Revshare 35%'));
    if (soft) await db.insert(caps).values({ offerId: soft.id, metric: 'payout', period: 'month', limit: 500_000, mode: 'soft', alertPercent: 80 });
  }
  // Full today and tomorrow, whatever day the demo starts on: a demo started late in the evening
  // (in Los Angeles, the cap's day) is still capped after midnight.
  const tomorrow = new Date(now.getTime() + 86_400_000);
  await db
    .insert(capCounters)
    .values([now, tomorrow].map((at) => ({ capId: cap!.id, periodStart: periodStart('day', at), used: DAILY_LIMIT, alertedAt: now })))
    .onConflictDoUpdate({ target: [capCounters.capId, capCounters.periodStart], set: { used: DAILY_LIMIT } });
}
