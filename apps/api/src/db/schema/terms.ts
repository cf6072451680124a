import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every acceptance of the Terms of Service (with age 18+) an affiliate gave: at sign-up, social
 * sign-up or when a new version asked again. Append-only: a new version adds a row, none is changed.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The version accepted: the moment those terms were published (ISO time). */
    version: varchar({ length: 40 }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The address the acceptance came from ('' when none was known, e.g. the demo's own). */
    ip: varchar({ length: 64 }).notNull().default(''),
    /** sign_up, social_sign_up or renewal. */
    source: varchar({ length: 16 }).notNull(),
  },
  (t) => [index('terms_acceptances_user_idx').on(t.userId, t.acceptedAt)],
);
