import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** A card image, resized and stored by us: `card` for the grid, `large` for the viewer. */
export interface StoredImage {
  card: string;
  large: string;
  width: number;
  height: number;
}

/**
 * A site's models ("pornstars") and scenes, synced from its `models_api_url` / `scenes_api_url`.
 * One row per (site, kind, the site's own id); a row the site stops listing gets `removedAt`.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** model or scene. */
    kind: varchar({ length: 8 }).notNull(),
    externalId: varchar({ length: 128 }).notNull(),
    name: varchar({ length: 300 }).notNull(),
    /** Plain text (any HTML the site sent is reduced to text). */
    description: text().notNull().default(''),
    /** The model's or scene's page on the site: what a deep tracking link leads to. */
    url: varchar({ length: 2048 }).notNull(),
    tags: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Scenes: the models in them, by name. */
    models: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    images: jsonb().$type<StoredImage[]>().notNull().default(sql`'[]'::jsonb`),
    /** The image addresses the site gave, in order: an unchanged list is not fetched again. */
    imageSources: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    trailerUrl: varchar({ length: 2048 }),
    /** 180 or 360 (VR field of view), when the site says. */
    fov: smallint(),
    projection: varchar({ length: 32 }),
    resolution: varchar({ length: 32 }),
    durationSeconds: integer(),
    publishedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the mapped fields: an unchanged item is neither written nor counted. */
    contentHash: varchar({ length: 64 }).notNull(),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalogue_items_site_external_idx').on(t.siteId, t.kind, t.externalId),
    index('catalogue_items_newest_idx').on(t.kind, t.publishedAt.desc(), t.id.desc()).where(sql`${t.removedAt} is null`),
    index('catalogue_items_updated_idx').on(t.kind, t.updatedAt),
  ],
);

/** One catalogue sync of a site (both of its APIs): when, what changed, and the error if it failed. */
export const catalogueSyncs = pgTable(
  'catalogue_syncs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    added: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    error: varchar({ length: 500 }),
  },
  (t) => [index('catalogue_syncs_site_idx').on(t.siteId, t.id)],
);

/** An affiliate's feed key: the capability in public feed URLs. Revoking it sets `revokedAt`; a new key is a new row. */
export const feedKeys = pgTable(
  'feed_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar({ length: 64 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('feed_keys_live_idx').on(t.affiliateId).where(sql`${t.revokedAt} is null`)],
);
