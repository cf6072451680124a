import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings, users } from '../db/schema/index.ts';
import { saveBilling } from '../modules/billing/index.ts';

const MARKER = 'demo_shared_details_version';

/**
 * Two demo affiliates paid to one PayPal address (docs/fraud.md, "Shared details"), saved through the
 * billing door as an affiliate saves them, so the Fraud screen shows a group and each one's Affiliate
 * Details the other. Neither referred the other, so no demo commission changes. Runs once per database;
 * after the demo tax forms, which create both.
 */
export async function seedDemoSharedDetails(db: Db, fieldKey: Buffer): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  const pair = await db.select({ id: users.id }).from(users).where(inArray(users.email, ['lena.fischer@example.com', 'mateo.alvarez@example.com']));
  if (pair.length === 2) {
    for (const who of pair) await saveBilling(db, fieldKey, who.id, { recipient_type: 'individual', method: 'paypal', details: { email: 'payouts@vr-reviews-eu.example' } });
  }
  await db.insert(settings).values({ key: MARKER, value: 1 });
}
