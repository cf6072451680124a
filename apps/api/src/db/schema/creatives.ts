import { index, integer, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uploads } from './content.ts';
import { sites } from './sites.ts';

/** Banners of a site: an image (size read from it) or a banner pack (zip, rar, 7z). */
export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar({ length: 150 }).notNull(),
    language: varchar({ length: 8 }).notNull().default('en'),
    width: integer(),
    height: integer(),
    /** "300x250"; '' for a pack whose size staff did not give. */
    size: varchar({ length: 20 }).notNull().default(''),
    category: varchar({ length: 60 }).notNull().default(''),
    format: varchar({ length: 8 }).notNull(),
    rating: smallint().notNull().default(0),
    description: text().notNull().default(''),
    fileUuid: uuid()
      .notNull()
      .references(() => uploads.uuid, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_site_idx').on(t.siteId, t.createdAt)],
);

/** A site's logos (svg sanitised, png); the first is the site's logo where one is shown. */
export const siteLogos = pgTable(
  'site_logos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull().default(''),
    format: varchar({ length: 8 }).notNull(),
    fileUuid: uuid()
      .notNull()
      .references(() => uploads.uuid, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_logos_site_idx').on(t.siteId, t.id)],
);
