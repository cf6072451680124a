import type { TaxFormFilled } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { affiliateProfiles, settings, taxForms, users } from '../db/schema/index.ts';
import { setProfileLegal, submitFilled } from '../modules/tax-forms/index.ts';

const MARKER = 'demo_tax_forms_version';
const DAY = 86_400_000;

type Review = { accepted: true } | { declined: string } | { pending: true };

interface DemoForm {
  email: string;
  name: string;
  country: string;
  city: string;
  /** Days before now it was signed. */
  signedDaysAgo: number;
  review: Review;
  form: TaxFormFilled;
}

const certified = { certify: true as const };

/** Tax forms in each state staff meet: most accepted, some pending, one declined, one W-8 expired. */
function demoForms(now: Date): DemoForm[] {
  const year = now.getUTCFullYear();
  return [
    {
      email: 'affiliate@example.com', name: 'Alex Rivera', country: 'US', city: 'San Francisco', signedDaysAgo: 150, review: { accepted: true },
      form: { form_type: 'w9', name: 'Alex Rivera', business_name: 'Rivera Media LLC', tax_classification: 'llc_s', address: '500 Market Street', city: 'San Francisco', state: 'CA', postal_code: '94105', tin_type: 'ein', tin: '46-3827150', signature: 'Alex Rivera', ...certified },
    },
    {
      email: 'jordan@example.com', name: 'Jordan Blake', country: 'US', city: 'Austin', signedDaysAgo: 120, review: { accepted: true },
      form: { form_type: 'w9', name: 'Jordan Blake', business_name: '', tax_classification: 'individual', address: '2200 S Lamar Blvd', city: 'Austin', state: 'TX', postal_code: '78704', tin_type: 'ssn', tin: '521-44-7391', signature: 'Jordan Blake', ...certified },
    },
    {
      email: 'casey@example.com', name: 'Casey Morgan', country: 'CA', city: 'Toronto', signedDaysAgo: 2, review: { pending: true },
      form: { form_type: 'w8ben', name: 'Casey Morgan', country_of_citizenship: 'CA', address: '88 Queens Quay W', city: 'Toronto', postal_code: 'M5J 0B8', country: 'CA', us_tin: '', foreign_tin: '046 454 286', foreign_tin_not_required: false, date_of_birth: '1991-06-14', treaty_country: 'CA', signature: 'Casey Morgan', ...certified },
    },
    {
      email: 'lena.fischer@example.com', name: 'Lena Fischer', country: 'DE', city: 'Berlin', signedDaysAgo: 400, review: { accepted: true },
      form: { form_type: 'w8ben', name: 'Lena Fischer', country_of_citizenship: 'DE', address: 'Torstrasse 112', city: 'Berlin', postal_code: '10119', country: 'DE', us_tin: '', foreign_tin: '12 345 678 901', foreign_tin_not_required: false, date_of_birth: '1987-02-03', treaty_country: 'DE', signature: 'Lena Fischer', ...certified },
    },
    {
      email: 'accounts@northwind-media.example', name: 'Northwind Media Ltd', country: 'GB', city: 'London', signedDaysAgo: 210, review: { accepted: true },
      form: { form_type: 'w8bene', name: 'Northwind Media Ltd', country_of_incorporation: 'GB', entity_type: 'corporation', fatca_status: 'active_nffe', address: '20 Farringdon Road', city: 'London', postal_code: 'EC1M 3HE', country: 'GB', us_tin: '', foreign_tin: '1234567890', foreign_tin_not_required: false, treaty_country: 'GB', signer_name: 'Oliver Grant', signature: 'Oliver Grant', ...certified },
    },
    {
      email: 'sam.carter@example.com', name: 'Sam Carter', country: 'US', city: 'Miami', signedDaysAgo: 9, review: { declined: 'The name on line 1 does not match the one on your account: please send the form again with your legal name.' },
      form: { form_type: 'w9', name: 'S. Carter', business_name: '', tax_classification: 'individual', address: '1450 Brickell Ave', city: 'Miami', state: 'FL', postal_code: '33131', tin_type: 'ssn', tin: '402-19-8830', signature: 'S. Carter', ...certified },
    },
    {
      // Signed early in the year four years back: its validity ran out on December 31 last year.
      email: 'mateo.alvarez@example.com', name: 'Mateo Alvarez', country: 'ES', city: 'Madrid', signedDaysAgo: Math.round((now.getTime() - Date.UTC(year - 4, 1, 10)) / DAY), review: { accepted: true },
      form: { form_type: 'w8ben', name: 'Mateo Alvarez', country_of_citizenship: 'ES', address: 'Calle de Alcala 45', city: 'Madrid', postal_code: '28014', country: 'ES', us_tin: '', foreign_tin: 'X1234567L', foreign_tin_not_required: false, date_of_birth: '1985-11-21', treaty_country: 'ES', signature: 'Mateo Alvarez', ...certified },
    },
    {
      email: 'priya.nair@example.com', name: 'Priya Nair', country: 'IN', city: 'Bengaluru', signedDaysAgo: 5, review: { pending: true },
      form: { form_type: 'w8ben', name: 'Priya Nair', country_of_citizenship: 'IN', address: '14 MG Road', city: 'Bengaluru', postal_code: '560001', country: 'IN', us_tin: '', foreign_tin: 'ABCPN1234K', foreign_tin_not_required: false, date_of_birth: '1994-08-30', treaty_country: 'IN', signature: 'Priya Nair', ...certified },
    },
  ];
}

/**
 * The demo network's tax forms, through the same door an affiliate's form goes (encrypted TINs,
 * PDFs rendered on request) and then reviewed by the demo manager. Runs once per database; before
 * the demo payouts, so the demo affiliate's payouts are not held for a missing form.
 */
export async function seedDemoTaxForms(db: Db, key: Buffer, managerEmail: string, now = new Date()): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  for (const d of demoForms(now)) {
    let [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, d.email));
    if (!u) {
      // Listed for staff only: no password, so nobody signs in as them.
      [u] = await db.insert(users).values({ email: d.email, name: d.name, isClient: true, isActive: true, emailVerifiedAt: now }).returning({ id: users.id });
    }
    const id = u!.id;
    await db
      .insert(affiliateProfiles)
      .values({ userId: id, address: 'address' in d.form ? d.form.address : '', city: d.city, postalCode: 'postal_code' in d.form ? (d.form.postal_code ?? '') : '', country: d.country })
      .onConflictDoNothing();
    const signed = new Date(now.getTime() - d.signedDaysAgo * DAY);
    const formId = await submitFilled(db, key, id, d.form, signed);
    if ('pending' in d.review) continue;
    const reviewedAt = new Date(signed.getTime() + DAY);
    if ('accepted' in d.review) {
      const [row] = await db
        .update(taxForms)
        .set({ status: 'accepted', reviewedAt, reviewedBy: manager?.id ?? null })
        .where(eq(taxForms.id, formId))
        .returning({ expiresAt: taxForms.expiresAt });
      await setProfileLegal(db, id, { status: 'accepted', expiresAt: row?.expiresAt ?? null });
      // An expired one was already reminded and marked by the daily sweep.
      if (row?.expiresAt && row.expiresAt <= now) await db.update(taxForms).set({ reminderSentAt: sql`${row.expiresAt}::timestamptz - interval '30 days'`, expiredAt: row.expiresAt }).where(eq(taxForms.id, formId));
    } else {
      await db.update(taxForms).set({ status: 'declined', reviewedAt, reviewedBy: manager?.id ?? null, declineReason: d.review.declined }).where(eq(taxForms.id, formId));
      await setProfileLegal(db, id, { status: 'not_uploaded', declined: true });
    }
  }
  await db.insert(settings).values({ key: MARKER, value: 1 });
}
