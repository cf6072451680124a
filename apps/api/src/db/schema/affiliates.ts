import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** What an affiliate tells us about themselves and their promotion (SPEC.md section 3, Affiliate). */
export const affiliateProfiles = pgTable('affiliate_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  company: varchar({ length: 200 }).notNull().default(''),
  address: varchar({ length: 255 }).notNull().default(''),
  city: varchar({ length: 100 }).notNull().default(''),
  postalCode: varchar({ length: 20 }).notNull().default(''),
  country: varchar({ length: 2 }).notNull().default(''),
  phone: varchar({ length: 40 }).notNull().default(''),
  chatId: varchar({ length: 100 }).notNull().default(''),
  website: varchar({ length: 255 }).notNull().default(''),
  trafficSources: text().notNull().default(''),
  methods: text().array().notNull().default(sql`'{}'::text[]`),
  hearAbout: varchar({ length: 255 }).notNull().default(''),
  removeSplashScreen: boolean().notNull().default(false),
  /** W9/W8 form: n_a, not_uploaded, pending, accepted, declined (SPEC.md section 4). */
  legalFormStatus: varchar({ length: 16 }).notNull().default('not_uploaded'),
  revsharePaused: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The sites an affiliate chose to promote. */
export const affiliateSites = pgTable(
  'affiliate_sites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);
