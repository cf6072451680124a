import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { landingPages } from './landing-pages.ts';
import { offers } from './offers.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** An affiliate's campaign: its own tracking link, destination and per-country destinations. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 150 }).notNull(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    destinationType: varchar({ length: 16 }).notNull(),
    landingPageId: integer().references(() => landingPages.id, { onDelete: 'set null' }),
    destinationUrl: varchar({ length: 2048 }),
    /** [{country, destination_type, landing_page_id, url}] */
    geoTargeting: jsonb().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('campaigns_affiliate_idx').on(t.affiliateId)],
);
