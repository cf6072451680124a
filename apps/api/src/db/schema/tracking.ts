import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { uploads } from './content.ts';
import { sites } from './sites.ts';
import { tiers, users } from './users.ts';

/** Click ids as sites report them: the contracts' CID_MAX (a test checks they agree). */
const CID_MAX = 64;

/** Landing pages of a site, with their preview images (creatives). */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar({ length: 150 }).notNull(),
    url: varchar({ length: 2048 }).notNull(),
    description: text().notNull().default(''),
    language: varchar({ length: 8 }).notNull().default('en'),
    rating: smallint().notNull().default(0),
    /** The desktop preview image (creatives). */
    imageUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    mobileImageUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landing_pages_site_idx').on(t.siteId)],
);

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

/** Conversions reported by sites. Idempotent on (site, transaction_id). */
export const conversions = pgTable(
  'conversions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    transactionId: varchar({ length: 128 }).notNull(),
    type: varchar({ length: 16 }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    currency: char({ length: 3 }).notNull().default('USD'),
    cid: varchar({ length: CID_MAX }),
    clickedAt: timestamp({ withTimezone: true }),
    affiliateId: integer(),
    offerId: integer(),
    campaignId: integer(),
    status: varchar({ length: 16 }).notNull(),
    orphanReason: varchar({ length: 255 }),
    originalTransactionId: varchar({ length: 128 }),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversions_site_transaction_idx').on(t.siteId, t.transactionId),
    index('conversions_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('conversions_cid_idx').on(t.cid),
  ],
);

/**
 * Daily rollup: every count the statistics show, per Los Angeles calendar day and dimension set.
 * Maintained as clicks and conversions land; statistics never scan raw clicks.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    affiliateId: integer().notNull(),
    offerId: integer().notNull(),
    siteId: integer().notNull(),
    campaignId: integer().notNull().default(0),
    country: varchar({ length: 2 }).notNull().default(''),
    device: varchar({ length: 8 }).notNull().default(''),
    sub1: varchar({ length: 255 }).notNull().default(''),
    sub2: varchar({ length: 255 }).notNull().default(''),
    sub3: varchar({ length: 255 }).notNull().default(''),
    sub4: varchar({ length: 255 }).notNull().default(''),
    sub5: varchar({ length: 255 }).notNull().default(''),
    /** The creative of the link clicked (`scene:12`), '' for none. */
    creative: varchar({ length: 32 }).notNull().default(''),
    clicks: integer().notNull().default(0),
    uniqueClicks: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
    signups: integer().notNull().default(0),
    sales: integer().notNull().default(0),
    rebills: integer().notNull().default(0),
    refunds: integer().notNull().default(0),
    chargebacks: integer().notNull().default(0),
    earningsCents: bigint({ mode: 'number' }).notNull().default(0),
    revenueCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('stats_daily_key_idx').on(t.affiliateId, t.day, t.offerId, t.siteId, t.campaignId, t.country, t.device, t.sub1, t.sub2, t.sub3, t.sub4, t.sub5, t.creative),
    index('stats_daily_day_idx').on(t.day),
    // "What converts" reads the last 30 days of creatives only.
    index('stats_daily_creative_idx').on(t.creative, t.day).where(sql`${t.creative} <> ''`),
  ],
);

/**
 * The same counters without country, device and sub IDs: the daily report, the dashboard and
 * campaign earnings read this much smaller table whenever they do not filter or group by those.
 */
export const statsDailyTotals = pgTable(
  'stats_daily_totals',
  {
    day: date({ mode: 'string' }).notNull(),
    affiliateId: integer().notNull(),
    offerId: integer().notNull(),
    siteId: integer().notNull(),
    campaignId: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    uniqueClicks: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
    signups: integer().notNull().default(0),
    sales: integer().notNull().default(0),
    rebills: integer().notNull().default(0),
    refunds: integer().notNull().default(0),
    chargebacks: integer().notNull().default(0),
    earningsCents: bigint({ mode: 'number' }).notNull().default(0),
    revenueCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('stats_daily_totals_key_idx').on(t.affiliateId, t.day, t.offerId, t.siteId, t.campaignId), index('stats_daily_totals_day_idx').on(t.day)],
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
});

/** An affiliate's postback: fired for their conversions of the goal, optionally for one offer only. */
export const postbacks = pgTable(
  'postbacks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer().references(() => offers.id, { onDelete: 'cascade' }),
    /** signup, sale, rebill, refund, chargeback, or all. */
    goal: varchar({ length: 16 }).notNull(),
    /** global (every offer) or offer (offerId only). */
    type: varchar({ length: 16 }).notNull(),
    method: varchar({ length: 8 }).notNull(),
    url: varchar({ length: 2048 }).notNull(),
    /** Names of parameters to append with the click id, offer id and sub IDs; empty means not appended. */
    cidParam: varchar({ length: CID_MAX }).notNull().default(''),
    pidParam: varchar({ length: 64 }).notNull().default(''),
    sub1Param: varchar({ length: 64 }).notNull().default(''),
    sub2Param: varchar({ length: 64 }).notNull().default(''),
    sub3Param: varchar({ length: 64 }).notNull().default(''),
    sub4Param: varchar({ length: 64 }).notNull().default(''),
    sub5Param: varchar({ length: 64 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('postbacks_affiliate_idx').on(t.affiliateId)],
);

/** Every postback delivery attempt series, visible to its owner. */
export const postbackDeliveries = pgTable(
  'postback_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postbackId: integer().references(() => postbacks.id, { onDelete: 'set null' }),
    affiliateId: integer().notNull(),
    conversionId: integer(),
    isTest: boolean().notNull().default(false),
    method: varchar({ length: 8 }).notNull(),
    url: varchar({ length: 4096 }).notNull(),
    /** pending, delivered, failed (retries exhausted), refused (address not allowed). */
    status: varchar({ length: 16 }).notNull(),
    attempts: integer().notNull().default(0),
    httpStatus: integer(),
    durationMs: integer(),
    responseSnippet: varchar({ length: 512 }),
    lastError: varchar({ length: 512 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('postback_deliveries_affiliate_idx').on(t.affiliateId, t.createdAt)],
);

/** The durable job queue: claimed with FOR UPDATE SKIP LOCKED, retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar({ length: 64 }).notNull(),
    payload: jsonb().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    /** Give up after this moment (postbacks: 24 hours after the first try). */
    expiresAt: timestamp({ withTimezone: true }),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: varchar({ length: 512 }),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);
