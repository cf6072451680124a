import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every tax form an affiliate submitted, one row per submission (docs/tax-forms.md): a new form is
 * a new row, so the history stays. The TINs are stored encrypted (AES-256-GCM), an uploaded PDF too;
 * the last four digits are kept apart for the masked display.
 */
export const taxForms = pgTable(
  'tax_forms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** w9, w8ben, w8bene. */
    formType: varchar({ length: 8 }).notNull(),
    /** filled (in the app) or upload (a signed PDF). */
    source: varchar({ length: 8 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('pending'),
    /** The form's fields as filled, without any TIN. */
    fields: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** ssn, ein (W-9); foreign or us (W-8): the number shown masked. */
    tinType: varchar({ length: 8 }),
    tinLast4: varchar({ length: 4 }),
    /** `{tin?, us_tin?, foreign_tin?}` as JSON, encrypted (lib/field-crypto.ts). */
    tinsEncrypted: text(),
    /** An uploaded PDF, encrypted. */
    fileEncrypted: text(),
    fileName: varchar({ length: 255 }),
    signature: varchar({ length: 150 }),
    /** The day of signing (Los Angeles). */
    signedAt: date({ mode: 'string' }).notNull(),
    /** W-8: the first moment it is no longer valid. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    declineReason: varchar({ length: 500 }),
    /** A newer submission replaced it before review. */
    supersededAt: timestamp({ withTimezone: true }),
    /** The expiry job's marks: the reminder 30 days before, and the expiry itself. */
    reminderSentAt: timestamp({ withTimezone: true }),
    expiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('tax_forms_status_check', sql`${t.status} in ('n_a', 'not_uploaded', 'pending', 'accepted', 'declined')`),
    check('tax_forms_type_check', sql`${t.formType} in ('w9', 'w8ben', 'w8bene')`),
    check('tax_forms_source_check', sql`(${t.source} = 'filled' and ${t.tinsEncrypted} is not null) or (${t.source} = 'upload' and ${t.fileEncrypted} is not null)`),
    index('tax_forms_affiliate_idx').on(t.affiliateId, t.id),
    index('tax_forms_queue_idx').on(t.status, t.createdAt),
  ],
);
