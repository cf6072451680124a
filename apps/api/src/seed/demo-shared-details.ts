import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, settings, users } from '../db/schema/index.ts';
import { saveBilling } from '../modules/billing/index.ts';
import { recordCommission } from '../modules/ledger/index.ts';
import { setSharedMarker } from '../modules/shared-details/index.ts';

const MARKER = 'demo_shared_details_version';
const WITHHELD_MARKER = 'demo_withheld_commission_version';

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

/**
 * One referral commission withheld for review (docs/money.md, "Withheld for review"): Casey, who
 * sells, signed up through the demo affiliate's link from the address the demo affiliate signed up
 * from, so the commission on Casey's latest earning waits on the Fraud screen (the ledger's
 * `recordCommission` holds it, as for any earning written while they share a detail) and the demo affiliate's Referrals card
 * shows it like any other. Runs once per database.
 */
export async function seedDemoWithheldCommission(db: Db, fieldKey: Buffer, referrerEmail: string): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, WITHHELD_MARKER));
  if (marker) return;
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.email, referrerEmail));
  const [referred] = await db.select({ id: users.id, referredById: users.referredById }).from(users).where(eq(users.email, 'casey@example.com'));
  if (referrer && referred && referred.referredById === null) {
    await db.update(users).set({ referredById: referrer.id }).where(and(eq(users.id, referred.id), isNull(users.referredById)));
    for (const id of [referrer.id, referred.id]) await setSharedMarker(db, fieldKey, id, 'signup_ip', '203.0.113.24');
    const [earning] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.affiliateId, referred.id), eq(ledgerEntries.kind, 'earning')))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(1);
    // The ledger's one rule decides it, as for an earning written now: they share a detail, so it is held.
    if (earning) await recordCommission(db, earning);
  }
  await db.insert(settings).values({ key: WITHHELD_MARKER, value: 1 });
}
