import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uploads } from './content.ts';
import { landingPages } from './landing-pages.ts';
import { sites } from './sites.ts';
import { tiers, users } from './users.ts';

/**
 * An offer of a site. `defaultPayout` is exact: cents for cpa (paid on `goal`), basis points
 * (1/100 of a percent) for revshare (paid on sales and rebills).
 */
export const offers = pgTable(
  'offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    name: varchar({ length: 150 }).notNull(),
    description: text().notNull().default(''),
    payoutType: varchar({ length: 16 }).notNull(),
    goal: varchar({ length: 16 }).notNull().default('sale'),
    defaultPayout: integer().notNull(),
    landingPageId: integer().references(() => landingPages.id, { onDelete: 'set null' }),
    logoUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    status: varchar({ length: 16 }).notNull().default('active'),
    /** Where a click goes when it cannot go to the offer (archived, capped, affiliate inactive): docs/caps.md. */
    fallbackUrl: varchar({ length: 2048 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_site_idx').on(t.siteId)],
);

/** Custom payouts that override an offer's default: per affiliate (first) or per tier. */
export const offerPayouts = pgTable(
  'offer_payouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    affiliateId: integer().references(() => users.id, { onDelete: 'cascade' }),
    tierId: integer().references(() => tiers.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
  },
  (t) => [
    uniqueIndex('offer_payouts_affiliate_idx').on(t.offerId, t.affiliateId).where(sql`${t.affiliateId} is not null`),
    uniqueIndex('offer_payouts_tier_idx').on(t.offerId, t.tierId).where(sql`${t.tierId} is not null`),
  ],
);
