import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxDeliveryConsents } from '../../db/schema/index.ts';

/** A payee's consent to electronic delivery only (docs/tax-forms.md): off until they give it. */
export async function deliveryOf(db: Db, affiliateId: number): Promise<{ electronic: boolean }> {
  const [row] = await db.select({ electronic: taxDeliveryConsents.electronic }).from(taxDeliveryConsents).where(eq(taxDeliveryConsents.affiliateId, affiliateId));
  return { electronic: row?.electronic === true };
}

export async function setDelivery(db: Db, affiliateId: number, electronic: boolean): Promise<void> {
  await db
    .insert(taxDeliveryConsents)
    .values({ affiliateId, electronic })
    .onConflictDoUpdate({ target: taxDeliveryConsents.affiliateId, set: { electronic, updatedAt: sql`now()` } });
}
