import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { billerAccounts } from './biller-accounts.ts';
import { CID_MAX, conversions } from './conversions.ts';
import { sites } from './sites.ts';

export { billerAccounts } from './biller-accounts.ts';

/**
 * Every post a biller sent, as received (card-like fields dropped and named in `droppedFields`,
 * secrets redacted), and what it became: `status` (contracts `billerEventStatuses`), `reason`, the
 * conversion it made. `parsed`: the post read by its biller's format (null when refused before it
 * was read), which a replay processes again.
 */
export const billerEvents = pgTable(
  'biller_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    biller: varchar({ length: 16 }).notNull(),
    billerAccountId: integer().references(() => billerAccounts.id, { onDelete: 'restrict' }),
    siteId: integer().references(() => sites.id, { onDelete: 'restrict' }),
    method: varchar({ length: 8 }).notNull(),
    billerEvent: varchar({ length: 64 }),
    eventType: varchar({ length: 16 }),
    transactionId: varchar({ length: 128 }),
    subscriptionId: varchar({ length: 128 }),
    status: varchar({ length: 16 }).notNull(),
    reason: varchar({ length: 255 }),
    conversionId: integer().references(() => conversions.id, { onDelete: 'restrict' }),
    raw: jsonb().$type<Record<string, string>>().notNull(),
    droppedFields: jsonb().$type<string[]>().notNull().default([]),
    parsed: jsonb().$type<Record<string, unknown>>(),
    replayedAt: timestamp({ withTimezone: true }),
    /**
     * The verdict when the post arrived, which a replay applies again: the address it came from,
     * whether its account was active, and whether the address was inside the biller's ranges when
     * they were required (null: not required). A post refused before it was trusted never becomes money.
     */
    remoteAddress: varchar({ length: 64 }),
    accountActive: boolean(),
    addressAllowed: boolean(),
  },
  (t) => [
    index('biller_events_received_idx').on(t.receivedAt, t.id),
    index('biller_events_account_idx').on(t.billerAccountId, t.receivedAt),
    index('biller_events_status_idx').on(t.status, t.receivedAt),
  ],
);

/**
 * A subscription a biller sells: its first sale ties (account, the biller's subscription or member
 * id) to the click, affiliate, offer and campaign, so rebills, refunds and cancellations that carry
 * no click id find them. `saleConversionId`: that first sale (staff may attach it to a click later).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    billerAccountId: integer()
      .notNull()
      .references(() => billerAccounts.id, { onDelete: 'restrict' }),
    subscriptionId: varchar({ length: 128 }).notNull(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    cid: varchar({ length: CID_MAX }),
    affiliateId: integer(),
    offerId: integer(),
    campaignId: integer(),
    saleConversionId: integer().references(() => conversions.id, { onDelete: 'restrict' }),
    /** active, cancelled, expired */
    status: varchar({ length: 16 }).notNull().default('active'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
    expiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('subscriptions_account_subscription_idx').on(t.billerAccountId, t.subscriptionId), index('subscriptions_affiliate_idx').on(t.affiliateId, t.offerId)],
);

/** What happened to a subscription, one row each (sale, rebill, refund, chargeback, void, cancellation, uncancellation, expiration). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    billerEventId: integer().references(() => billerEvents.id, { onDelete: 'restrict' }),
    type: varchar({ length: 16 }).notNull(),
    conversionId: integer().references(() => conversions.id, { onDelete: 'restrict' }),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.occurredAt), uniqueIndex('subscription_events_biller_event_idx').on(t.billerEventId).where(sql`${t.billerEventId} IS NOT NULL`)],
);
