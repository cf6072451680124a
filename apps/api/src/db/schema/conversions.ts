import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, char, date, index, integer, numeric, pgTable, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { billerAccounts } from './biller-accounts.ts';
import { sites } from './sites.ts';

/** Click ids as sites report them: the contracts' CID_MAX (a test checks they agree). */
export const CID_MAX = 64;

/**
 * Conversions reported by sites or their billers. Idempotent on (site, biller account, transaction_id).
 *
 * Money: `amountMinor` and `currency` are what the site sent (in the currency's ISO 4217 minor
 * units); `amountCents` is that amount in USD cents at `usdRate` (USD per one unit of the currency,
 * the latest rate published on or before the conversion's day; 1 for USD, null while no rate is known).
 *
 * Status: accepted, orphaned, held (no money moves until released; `releasedAt` says when),
 * rejected, reversed (a sale taken back in full). `reason` says why for every status but accepted.
 * A refund or chargeback names the sale it took back in `reversesConversionId`.
 */
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
    amountMinor: bigint({ mode: 'number' }).notNull().default(0),
    currency: char({ length: 3 }).notNull().default('USD'),
    usdRate: numeric({ precision: 20, scale: 10 }),
    cid: varchar({ length: CID_MAX }),
    clickedAt: timestamp({ withTimezone: true }),
    affiliateId: integer(),
    offerId: integer(),
    campaignId: integer(),
    status: varchar({ length: 16 }).notNull(),
    reason: varchar({ length: 255 }),
    originalTransactionId: varchar({ length: 128 }),
    reversesConversionId: integer().references((): AnyPgColumn => conversions.id, { onDelete: 'restrict' }),
    releasedAt: timestamp({ withTimezone: true }),
    /**
     * Fraud screening (docs/fraud.md): what the rules did (flag | hold | reject) and why. A fraud
     * hold is `held` with `fraudAction` hold and no `reviewedAt`: never released by a rate's arrival.
     */
    fraudAction: varchar({ length: 8 }),
    fraudReason: varchar({ length: 255 }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedById: integer(),
    /** The source: null for the site's own reports (its API key), else the biller account that posted it. */
    billerAccountId: integer().references((): AnyPgColumn => billerAccounts.id, { onDelete: 'restrict' }),
    /** The biller's own event name (NewSaleSuccess, RenewalSuccess, ...), for a biller's conversion. */
    billerEvent: varchar({ length: 64 }),
    /**
     * One identity across channels: set when its source shares transaction ids with the site's other
     * sources (a biller account marked "the site reports too", or the site's API while one is). Two
     * such reports of one site with one transaction id are one conversion (the second a duplicate).
     */
    sharedId: boolean().notNull().default(false),
    /** The click's visitor hash (null without a click, and for reversals): what the fraud rule `visitor_per_hour` counts by. */
    visitorHash: varchar({ length: 64 }),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One source's transaction ids: the site's API (no biller account) and each biller account never collide.
    unique('conversions_source_transaction_idx').on(t.siteId, t.billerAccountId, t.transactionId).nullsNotDistinct(),
    // The site's API and a biller account whose site reports too: one sale whoever reports it.
    uniqueIndex('conversions_shared_transaction_idx').on(t.siteId, t.transactionId).where(sql`${t.sharedId}`),
    index('conversions_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('conversions_cid_idx').on(t.cid),
    index('conversions_visitor_idx').on(t.visitorHash, t.createdAt).where(sql`${t.visitorHash} is not null`),
    index('conversions_day_idx').on(t.day, t.id),
    index('conversions_reverses_idx').on(t.reversesConversionId),
    // Held conversions waiting for a rate: released when one arrives (conversions/release.ts).
    index('conversions_held_idx').on(t.currency, t.day).where(sql`${t.status} = 'held'`),
    // Held for review by a fraud rule (the Fraud screen's list).
    index('conversions_fraud_held_idx').on(t.id).where(sql`${t.fraudAction} = 'hold' and ${t.reviewedAt} is null`),
  ],
);
