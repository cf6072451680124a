import { bigint, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';
import { users } from './users.ts';

/**
 * Caps on an offer (all its affiliates together) or on one affiliate on it: clicks, conversions or
 * payout (cents) per day, week (from Monday), month (America/Los_Angeles) or in total. Hard caps
 * refuse beyond the limit, soft ones only alert (docs/caps.md).
 */
export const caps = pgTable(
  'caps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Null: the offer's cap over every affiliate. */
    affiliateId: integer().references(() => users.id, { onDelete: 'cascade' }),
    metric: varchar({ length: 16 }).notNull(),
    period: varchar({ length: 8 }).notNull(),
    /** Clicks or conversions, or payout in cents. */
    limit: bigint({ mode: 'number' }).notNull(),
    mode: varchar({ length: 8 }).notNull().default('hard'),
    /** Percent of the limit at which staff get the alert email, once per period. */
    alertPercent: integer().notNull().default(90),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caps_offer_idx').on(t.offerId)],
);

/**
 * What each cap has taken in each period: conversions and payout take their place in the
 * transaction that records them (a conditional update of this row), clicks are added by the
 * redirect's counter (docs/caps.md). Reversals never give room back.
 */
export const capCounters = pgTable(
  'cap_counters',
  {
    capId: integer()
      .notNull()
      .references(() => caps.id, { onDelete: 'cascade' }),
    /** The Los Angeles day the period starts on ('1970-01-01' for a total cap). */
    periodStart: date({ mode: 'string' }).notNull(),
    used: bigint({ mode: 'number' }).notNull().default(0),
    /** When staff were alerted this period (the threshold reached), so it is sent once. */
    alertedAt: timestamp({ withTimezone: true }),
    /** When a hard cap first refused a conversion this period: full from then on, even with room left (a payout cap's room below an earning). */
    refusedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.capId, t.periodStart] })],
);
