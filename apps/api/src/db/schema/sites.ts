import { integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** The network's sites (VR studios), with SPEC.md's Site fields and the key they report conversions with. */
export const sites = pgTable('sites', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  displayName: varchar({ length: 150 }).notNull(),
  url: varchar({ length: 255 }).notNull(),
  description: text().notNull().default(''),
  type: varchar({ length: 32 }).notNull().default('vr'),
  managerId: integer(),
  modelsApiUrl: varchar({ length: 2048 }),
  scenesApiUrl: varchar({ length: 2048 }),
  /** Field mapping of the catalogue APIs for sites whose names differ (docs/creatives.md). */
  catalogueMapping: jsonb().$type<Record<string, string>>(),
  logoUuid: uuid(),
  message: text().notNull().default(''),
  /** Where a click on one of the site's offers goes when it cannot go to the offer and the offer names no fallback. */
  fallbackUrl: varchar({ length: 2048 }),
  /** SHA-256 of the site's API key; the key itself is shown to staff once, when made. */
  apiKeyHash: varchar({ length: 64 }).unique(),
  /** The first characters of the key, so staff can tell keys apart. */
  apiKeyPrefix: varchar({ length: 16 }),
  apiKeyRotatedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
