import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Year-end tax forms as issued to a payee (docs/tax-forms.md, "Year-end forms"): one row per issue,
 * never changed. A form issued again with other figures is a new row marked `corrected`, so the
 * history keeps both; the latest row of an affiliate and year is the one in force. `boxes` holds
 * the figures, the payer and the payee as printed (the payee's tax number only as its last four
 * digits: the whole number stays encrypted on the tax form).
 */
export const taxYearForms = pgTable(
  'tax_year_forms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: integer().notNull(),
    /** 1099-NEC or 1042-S. */
    form: varchar({ length: 8 }).notNull(),
    grossCents: bigint({ mode: 'number' }).notNull(),
    withheldCents: bigint({ mode: 'number' }).notNull(),
    /** The tax form (W-9 / W-8) the payee's details come from. */
    taxFormId: integer(),
    boxes: jsonb().notNull(),
    corrected: boolean().notNull().default(false),
    /** Issued before the year ended: figures to date. */
    toDate: boolean().notNull().default(false),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tax_year_forms_affiliate_idx').on(t.affiliateId, t.year, t.id),
    index('tax_year_forms_year_idx').on(t.year, t.id),
    check('tax_year_forms_form_check', sql`${t.form} in ('1099-NEC', '1042-S')`),
    check('tax_year_forms_amounts_check', sql`${t.grossCents} >= 0 and ${t.withheldCents} >= 0`),
  ],
);

/** A payee's consent to receive year-end forms electronically only (without it a paper copy is mailed). */
export const taxDeliveryConsents = pgTable('tax_delivery_consents', {
  affiliateId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  electronic: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
