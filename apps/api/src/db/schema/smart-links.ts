import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';
import { users } from './users.ts';

/**
 * A smart link: one affiliate's link over several offers (of any sites), answered at `/t/<code>`
 * like a tracking link. Its codes are 12 characters, tracking links' 10, so the two never clash.
 */
export const smartLinks = pgTable(
  'smart_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar({ length: 16 }).notNull().unique(),
    name: varchar({ length: 255 }).notNull(),
    /** `weight`: chosen by weight among the offers targeting the visitor; `epc`: the best earnings per click over 24 hours. */
    mode: varchar({ length: 8 }).notNull().default('weight'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Deleted by its affiliate: gone from their list, while its address still sends visitors to a site (no 404). */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('smart_links_affiliate_idx').on(t.affiliateId)],
);

/** One offer of a smart link: its weight, targeting (empty: any) and whether it catches what no other offer targets. */
export const smartLinkEntries = pgTable(
  'smart_link_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    smartLinkId: integer()
      .notNull()
      .references(() => smartLinks.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    weight: integer().notNull(),
    countries: jsonb().$type<string[]>().notNull().default([]),
    devices: jsonb().$type<string[]>().notNull().default([]),
    catchAll: boolean().notNull().default(false),
  },
  (t) => [index('smart_link_entries_link_idx').on(t.smartLinkId)],
);
