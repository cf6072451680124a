import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Secrets every instance must share (the token signing secret when JWT_SECRET is not given):
 * written once by whichever instance starts first, read by all (lib/shared-secret.ts).
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: varchar({ length: 64 }).primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window rate-limit counters shared by every instance (lib/rate-limiter.ts). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 400 }).primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
