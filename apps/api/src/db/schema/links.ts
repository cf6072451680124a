import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { landingPages } from './landing-pages.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';

/** A tracking link: its code names affiliate, offer, and optionally campaign, landing page or deep link. */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 16 }).notNull().unique(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'cascade' }),
    landingPageId: integer().references(() => landingPages.id, { onDelete: 'set null' }),
    deepUrl: varchar({ length: 2048 }),
    /** The creative the link was made from (`scene:12`, `banner:3`, ...): clicks and statistics carry it. */
    creative: varchar({ length: 32 }),
    /** One row per distinct combination, so generating the same link twice gives the same code. */
    fingerprint: varchar({ length: 64 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_links_affiliate_idx').on(t.affiliateId)],
);
