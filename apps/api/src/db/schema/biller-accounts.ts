import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

/**
 * A site's account at a biller (docs/billers.md). The account key is the secret in the postback
 * URL `/billers/{biller}/{account key}`: kept encrypted so the URL can be shown again, found by its
 * SHA-256 (`accountKeyHash`). `secretEncrypted`: the biller's own secret (Verotel's signature key,
 * Segpay's token), encrypted with the field key. A deleted account keeps its row (its events and
 * conversions name it) with `deletedAt` set; its key no longer answers.
 */
export const billerAccounts = pgTable(
  'biller_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    biller: varchar({ length: 16 }).notNull(),
    ccbillAccount: varchar({ length: 64 }),
    ccbillSubaccount: varchar({ length: 64 }),
    epochReseller: varchar({ length: 64 }),
    epochProductCode: varchar({ length: 64 }),
    segpayMerchantId: varchar({ length: 64 }),
    verotelShopId: varchar({ length: 64 }),
    accountKeyEncrypted: text().notNull(),
    accountKeyHash: varchar({ length: 64 }).notNull(),
    secretEncrypted: text(),
    passthroughField: varchar({ length: 64 }).notNull(),
    siteReportsToo: boolean().notNull().default(false),
    requireBillerAddresses: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    lastPostAt: timestamp({ withTimezone: true }),
    keyRotatedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('biller_accounts_key_hash_idx').on(t.accountKeyHash), index('biller_accounts_site_idx').on(t.siteId)],
);
