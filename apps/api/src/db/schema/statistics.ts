import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Daily rollup: every count the statistics show, per Los Angeles calendar day and dimension set.
 * Maintained as clicks and conversions land; statistics never scan raw clicks.
 *
 * The network's figures live here too (docs/tracking.md, "Revenue, cost and margin"): revenue of
 * conversions nobody is paid on (orphaned) is a row of their site with affiliate, offer and campaign 0;
 * referral commissions, bonuses and adjustments are a row of their affiliate and day with offer, site
 * and campaign 0 (they belong to no offer). Real traffic always has an affiliate and an offer.
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
    /** Referral commissions paid to this affiliate (a row with no offer, site or campaign). */
    commissionCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Staff's bonuses and adjustments to this affiliate's balance (a row with no offer, site or campaign). */
    bonusCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Clicks screening found invalid, per reason (docs/fraud-clicks.md): counted in `clicks`, never unique. */
    botClicks: integer().notNull().default(0),
    datacenterClicks: integer().notNull().default(0),
    repeatClicks: integer().notNull().default(0),
    burstClicks: integer().notNull().default(0),
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
    /** Referral commissions paid to this affiliate (a row with no offer, site or campaign). */
    commissionCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Staff's bonuses and adjustments to this affiliate's balance (a row with no offer, site or campaign). */
    bonusCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Clicks screening found invalid, per reason (docs/fraud-clicks.md): counted in `clicks`, never unique. */
    botClicks: integer().notNull().default(0),
    datacenterClicks: integer().notNull().default(0),
    repeatClicks: integer().notNull().default(0),
    burstClicks: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('stats_daily_totals_key_idx').on(t.affiliateId, t.day, t.offerId, t.siteId, t.campaignId), index('stats_daily_totals_day_idx').on(t.day)],
);
