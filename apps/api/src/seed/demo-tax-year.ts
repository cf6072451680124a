import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { settings, users } from '../db/schema/index.ts';
import { laDate, networkDetails } from '../modules/payouts/index.ts';
import { issueForms, yearBounds } from '../modules/tax-year/index.ts';

const MARKER = 'demo_tax_year_version';

/**
 * The demo's year-end forms: this year's, to date, issued once by the demo manager after the demo
 * payouts are paid, so the demo affiliate (a US payee with a W-9, paid over $600 this year) finds
 * a 1099-NEC in Payout History. Runs once per database.
 */
export async function seedDemoTaxYear(db: Db, log: FastifyBaseLogger, staffEmail: string, now = new Date()): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  if (staff) {
    const made = await issueForms(db, yearBounds(Number(laDate(now).slice(0, 4)), now), await networkDetails(db), staff.id, now);
    if (made.length) log.info(`Demo tax forms issued: ${made.length} for ${made[0]!.year} (figures to date).`);
  }
  await db.insert(settings).values({ key: MARKER, value: 1 });
}
