import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
