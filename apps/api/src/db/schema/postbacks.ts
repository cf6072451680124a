import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { CID_MAX } from './conversions.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';

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
