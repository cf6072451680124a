import { sql } from 'drizzle-orm';
import { char, check, date, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Exchange rates: USD per one unit of `currency`, as published for `day` (docs/money.md). From
 * the European Central Bank's reference rates (source `ecb`, loaded daily) or typed by staff
 * (`staff`, with who and when), or made up for the demo data (`demo`, replaced by the ECB's rate of
 * the day when it loads); a staff rate for a day is never overwritten by a later ECB load.
 * A conversion is converted at the latest rate on or before its day.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: char({ length: 3 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    rate: numeric({ precision: 20, scale: 10 }).notNull(),
    source: varchar({ length: 8 }).notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.day] }),
    check('exchange_rates_source_check', sql`${t.source} in ('ecb', 'staff', 'demo')`),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
  ],
);
