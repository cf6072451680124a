import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { settings, users } from '../db/schema/index.ts';
import { laDate, networkDetails } from '../modules/payouts/index.ts';
import { putNetworkDetails } from '../modules/settings/index.ts';
import { issueForms, TAX_DOCUMENTS_SETTING, yearBounds } from '../modules/tax-year/index.ts';

const MARKER = 'demo_tax_year_version';

/**
 * The demo's year-end forms: this year's, to date, issued once by the demo manager after the demo
 * payouts are paid, so the demo affiliate (a US payee with a W-9, paid over $600 this year) finds
 * a 1099-NEC in Payout History. The demo network gets a payer's address and EIN and a filing contact
 * (where it has none), so its IRS file can be made. Runs once per database.
 */
export async function seedDemoTaxYear(db: Db, log: FastifyBaseLogger, staffEmail: string, now = new Date()): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  // The payer on the forms and in the IRS file: a US address and an EIN, and the filing contact,
  // unless the network has its own already.
  const network = await networkDetails(db);
  if (!network.tax_id && !network.address) {
    await putNetworkDetails(db, { ...network, address: '1200 Harbor Boulevard, Suite 400\nLos Angeles, CA 90012', email: network.email || 'finance@example.com', tax_id: '95-4821736' });
  }
  const filing = { exempt_corporations: false, transmitter_control_code: '5D1A2', contact_name: 'Finance Desk', contact_phone: '2135550100' };
  await db.insert(settings).values({ key: TAX_DOCUMENTS_SETTING, value: filing }).onConflictDoNothing();
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  if (staff) {
    const made = await issueForms(db, yearBounds(Number(laDate(now).slice(0, 4)), now), await networkDetails(db), staff.id, now);
    if (made.length) log.info(`Demo tax forms issued: ${made.length} for ${made[0]!.year} (figures to date).`);
  }
  await db.insert(settings).values({ key: MARKER, value: 1 });
}
