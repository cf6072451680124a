import { sql } from 'drizzle-orm';
import { char, check, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Tax withheld from payouts: a rate in basis points per country and recipient type. */
export const taxWithholdings = pgTable(
  'tax_withholdings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    country: char({ length: 2 }).notNull(),
    recipientType: varchar({ length: 16 }).notNull(),
    rateBp: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_withholdings_key_idx').on(t.country, t.recipientType),
    check('tax_withholdings_rate_check', sql`${t.rateBp} between 0 and 10000`),
    check('tax_withholdings_recipient_check', sql`${t.recipientType} in ('individual', 'company')`),
  ],
);

/** Custom split fee: the share of each of this affiliate's payouts the network keeps, in basis points. */
export const splitFees = pgTable(
  'split_fees',
  {
    affiliateId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateBp: integer().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('split_fees_rate_check', sql`${t.rateBp} between 0 and 10000`)],
);
