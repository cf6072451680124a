import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';
import { DEMO_DASHBOARD_MARKER, demoDashboard } from './demo-coherence.ts';

/**
 * Global Settings of the demo network: a dashboard message with links, its dates those of today
 * (kept current at each start by `refreshDemoDashboard`). Written once: a value staff changed stays.
 */
export async function seedDemoSettings(db: Db, now: Date = new Date()): Promise<void> {
  const value = demoDashboard(now);
  const added = await db.insert(settings).values({ key: 'dashboard', value }).onConflictDoNothing().returning({ key: settings.key });
  // Remembered as the demo's own text, so later starts may move its dates on.
  if (added.length) await db.insert(settings).values({ key: DEMO_DASHBOARD_MARKER, value }).onConflictDoNothing();
}
