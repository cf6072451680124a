import type { NetworkDetails } from '@portal/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxYearForms } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Payee, PayeeYear, YearBounds } from './figures.ts';
import { yearFigures } from './figures.ts';

export type IssuedRow = typeof taxYearForms.$inferSelect;

/** What an issued form prints: the payer, the payee (tax number as its last four digits), the boxes. */
export interface Boxes {
  payer: { name: string; address: string; email: string; tin: string };
  payee: Payee;
  account: string;
  gross_cents: number;
  withheld_cents: number;
  codes_1042s: PayeeYear['codes_1042s'];
}

export function boxesOf(p: PayeeYear, payer: NetworkDetails): Boxes {
  return {
    payer: { name: payer.name, address: payer.address, email: payer.email, tin: payer.tax_id },
    payee: p.payee,
    account: String(p.affiliate_id),
    gross_cents: p.grossCents,
    withheld_cents: p.withheldCents,
    codes_1042s: p.codes_1042s,
  };
}

/**
 * Issues the year's forms: every payee with a form and nothing that stops it being filed gets a
 * row, unless the latest row already has these figures. A form issued again after a final one
 * (issued once the year had ended) is marked CORRECTED; the earlier row stays. Answers the rows made.
 */
export async function issueForms(db: Db, bounds: YearBounds, payer: NetworkDetails, by: number, now: Date = new Date()): Promise<IssuedRow[]> {
  return db.transaction(async (tx) => {
    // One issue at a time per year: a second one waits and then finds nothing changed.
    await tx.execute(sql`select pg_advisory_xact_lock(4031, ${bounds.year})`);
    const lines = await yearFigures(tx, bounds, now);
    const made: IssuedRow[] = [];
    for (const p of lines) {
      const form = p.form;
      if (!form || p.problems.length > 0) continue;
      if (p.issued && !p.issued.changed) continue;
      const [row] = await tx
        .insert(taxYearForms)
        .values({
          affiliateId: p.affiliate_id,
          year: bounds.year,
          form,
          grossCents: p.grossCents,
          withheldCents: p.withheldCents,
          taxFormId: p.taxFormId,
          boxes: boxesOf(p, payer),
          corrected: p.issued !== null && (!p.issued.to_date || p.issued.corrected),
          toDate: bounds.toDate,
          issuedAt: now,
          issuedBy: by,
        })
        .returning();
      made.push(row!);
    }
    return made;
  });
}

/** One issued form of the caller's: another affiliate's is a 404, as if it did not exist. */
export async function ownIssuedForm(db: Db, affiliateId: number, id: number): Promise<IssuedRow> {
  const [row] = await db.select().from(taxYearForms).where(and(eq(taxYearForms.id, id), eq(taxYearForms.affiliateId, affiliateId)));
  if (!row) throw new NotFoundError();
  return row;
}

/** An affiliate's issued forms, newest year first, each year's history newest first. */
export async function issuedFormsOf(db: Db, affiliateId: number): Promise<IssuedRow[]> {
  return db.select().from(taxYearForms).where(eq(taxYearForms.affiliateId, affiliateId)).orderBy(desc(taxYearForms.year), desc(taxYearForms.id));
}
