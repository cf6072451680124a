import { bigint, char, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

/** Click ids as sites report them: the contracts' CID_MAX (a test checks they agree). */
export const CID_MAX = 64;

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
