import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The network's sites (VR studios). The tracking feature adds the rest of SPEC.md's Site fields. */
export const sites = pgTable('sites', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  displayName: varchar({ length: 150 }).notNull(),
  url: varchar({ length: 255 }).notNull(),
  description: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
