import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Global settings as key/value pairs; each value is validated by its contract where it is read. */
export const settings = pgTable('settings', {
  key: varchar({ length: 128 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
