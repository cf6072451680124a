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
  /** The accepted W-8's expiry: past it, the form raises legal_forms_expired (modules/profile/issues.ts). */
  legalFormExpiresAt: timestamp({ withTimezone: true }),
  /** The last form was declined and none followed: not_uploaded raises legal_forms_rejected rather than not_submitted. */
  legalFormDeclined: boolean().notNull().default(false),
  revsharePaused: boolean().notNull().default(false),
  /** Staff review of these details (SPEC.md section 4): pending, approved or rejected. */
  infoStatus: varchar({ length: 16 }).notNull().default('pending'),
  infoRejectReason: text(),
  infoReviewedAt: timestamp({ withTimezone: true }),
  infoReviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  /** The affiliate's answer to a rejection, sent with their corrected details. */
  appealMessage: text(),
  appealedAt: timestamp({ withTimezone: true }),
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
