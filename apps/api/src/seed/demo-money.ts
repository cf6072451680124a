import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banks, paymentMethods, settings } from '../db/schema/index.ts';

const MARKER = 'demo_money_version';

/** The ways the demo network pays and the accounts it pays from. Runs once per database. */
export async function seedDemoMoney(db: Db): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentMethods)
      .values([
        { type: 'paypal', name: 'PayPal', minPayoutCents: 5_000, feeCents: 0 },
        { type: 'paxum', name: 'Paxum', minPayoutCents: 5_000, feeCents: 0 },
        { type: 'wire', name: 'Wire transfer (SWIFT)', minPayoutCents: 50_000, feeCents: 2_500 },
        { type: 'ach', name: 'ACH (US bank account)', minPayoutCents: 10_000, feeCents: 0 },
        { type: 'usdt', name: 'USDT (TRC-20 or ERC-20)', minPayoutCents: 10_000, feeCents: 100 },
      ])
      .onConflictDoNothing();
    await tx
      .insert(banks)
      .values([
        { name: 'Operating account (NatWest)', accountHolder: 'VR Partner Network Ltd', iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L', currency: 'USD' },
        { name: 'EU account (Deutsche Bank)', accountHolder: 'VR Partner Network GmbH', iban: 'DE89370400440532013000', swift: 'DEUTDEFF', currency: 'EUR' },
      ])
      .onConflictDoNothing();
    await tx.insert(settings).values({ key: MARKER, value: 1 });
  });
}
