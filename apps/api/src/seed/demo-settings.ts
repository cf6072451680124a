import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

/**
 * Global Settings of the demo network: a dashboard message with links and a footer line for the
 * mail. Each is written once (a value staff changed is never put back).
 */
export async function seedDemoSettings(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values([
      {
        key: 'dashboard',
        value: {
          message: 'October payouts go out on November 5. Halloween creatives for NovaVR and HoloStage are ready in Creatives — deep links to the new scenes convert best this week.',
          links: [
            { label: 'Halloween creatives', url: '/creatives' },
            { label: 'Payout schedule', url: '/payments' },
            { label: 'Traffic rules', url: '/terms-and-conditions' },
          ],
        },
      },
    ])
    .onConflictDoNothing();
}
