import { bigserial, boolean, char, date, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Clicks: append-only, written in batches. Partitioned by day (see the migration); the click id
 * (`cid`) starts with its time, so a conversion finds the partition of its click.
 */
export const clicks = pgTable(
  'clicks',
  {
    // A sequence, not an identity column: PostgreSQL 15 has no identity on partitioned tables.
    id: bigserial({ mode: 'number' }).notNull(),
    cid: varchar({ length: 32 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    affiliateId: integer().notNull(),
    offerId: integer().notNull(),
    siteId: integer().notNull(),
    campaignId: integer(),
    landingPageId: integer(),
    linkId: integer(),
    /** Copied from the link, so conversions and the rollup know the creative without another read. */
    creative: varchar({ length: 32 }),
    sub1: varchar({ length: 255 }),
    sub2: varchar({ length: 255 }),
    sub3: varchar({ length: 255 }),
    sub4: varchar({ length: 255 }),
    sub5: varchar({ length: 255 }),
    country: char({ length: 2 }),
    device: varchar({ length: 8 }).notNull(),
    visitorHash: varchar({ length: 64 }).notNull(),
    isUnique: boolean().notNull(),
    isBot: boolean().notNull().default(false),
    /** Why the click went to a fallback instead of its offer (`fallbackReasons`); null when it went to the offer. */
    fallbackReason: varchar({ length: 32 }),
    /**
     * Why screening found the click invalid (`bot`, `datacenter`, `repeat`, `burst`), null when valid.
     * An invalid click is answered and stored but never unique; a conversion on it reads this reason.
     */
    invalidReason: varchar({ length: 16 }),
    /** The smart link the click came through (the offer is the one it chose), null for a tracking link. */
    smartLinkId: integer(),
  },
  // A click is found by its id and time (the id carries it): the primary key's time prefix is enough.
  (t) => [primaryKey({ columns: [t.createdAt, t.id] })],
);

/** Which visitor clicked which offer when: decides uniqueness (first in 24 hours). */
export const clickVisitors = pgTable(
  'click_visitors',
  {
    visitorHash: varchar({ length: 64 }).notNull(),
    offerId: integer().notNull(),
    lastUniqueAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitorHash, t.offerId] })],
);

/**
 * Clicks not yet added to the rollups: the click batch writes one row per click here, in the same
 * statement as the click, and the merge (clicks/rollup-journal.ts) moves them into both rollups a
 * few times a second, deleting what it added in the same transaction, so each is counted once.
 * No index: the merge always takes every row it can see.
 */
export const clickRollupJournal = pgTable('click_rollup_journal', {
  day: date({ mode: 'string' }).notNull(),
  affiliateId: integer().notNull(),
  offerId: integer().notNull(),
  siteId: integer().notNull(),
  campaignId: integer().notNull(),
  country: varchar({ length: 2 }).notNull(),
  device: varchar({ length: 8 }).notNull(),
  sub1: varchar({ length: 255 }).notNull(),
  sub2: varchar({ length: 255 }).notNull(),
  sub3: varchar({ length: 255 }).notNull(),
  sub4: varchar({ length: 255 }).notNull(),
  sub5: varchar({ length: 255 }).notNull(),
  creative: varchar({ length: 32 }).notNull(),
  isUnique: boolean().notNull(),
  /** The click's invalid reason, '' when valid: the merge counts invalid clicks per reason. */
  invalidReason: varchar({ length: 16 }).notNull().default(''),
});
