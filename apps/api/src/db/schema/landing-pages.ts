import { index, integer, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uploads } from './content.ts';
import { sites } from './sites.ts';

/** Landing pages of a site, with their preview images (creatives). */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar({ length: 150 }).notNull(),
    url: varchar({ length: 2048 }).notNull(),
    description: text().notNull().default(''),
    language: varchar({ length: 8 }).notNull().default('en'),
    rating: smallint().notNull().default(0),
    /** The desktop preview image (creatives). */
    imageUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    mobileImageUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landing_pages_site_idx').on(t.siteId)],
);
