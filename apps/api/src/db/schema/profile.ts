import { boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Personal API tokens: an affiliate's key for their own scripts. Only the SHA-256 of the token is
 * kept; `prefix` (its first characters) tells tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    scopes: text().array().notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    prefix: varchar({ length: 16 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/** Which optional emails a user gets; no row means every kind (the defaults). */
export const emailPreferences = pgTable('email_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  news: boolean().notNull().default(true),
  payoutUpdates: boolean().notNull().default(true),
  taxFormReminders: boolean().notNull().default(true),
  weeklySummary: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The periodic emails sent (the weekly statistics summary, the announcement digest): one row per
 * kind, user and period, inserted before the email goes out, so a job run twice (or by two
 * instances at once) sends each at most once. `coversUntil`: the end of what the email reported
 * (the digest's next one starts there).
 */
export const periodicEmails = pgTable(
  'periodic_emails',
  {
    kind: varchar({ length: 32 }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The week's Monday or the digest's day, 'YYYY-MM-DD' (America/Los_Angeles). */
    period: varchar({ length: 10 }).notNull(),
    coversUntil: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId, t.period] })],
);
