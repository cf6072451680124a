import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** Staff roles: a named set of permissions (SPEC.md section 6). */
export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 64 }).notNull().unique(),
  displayName: varchar({ length: 128 }).notNull(),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  isActive: boolean().notNull().default(true),
  /** Staff of this role reach only the affiliates assigned to them (users.manager_id), everywhere. */
  assignedAffiliatesOnly: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Affiliate tiers (clients are shown by tier name). */
export const tiers = pgTable('tiers', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 64 }).notNull().unique(),
  isDefault: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every signed-in person: affiliates (is_client) and staff (with a role). */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    name: varchar({ length: 255 }).notNull(),
    isClient: boolean().notNull(),
    isOwner: boolean().notNull().default(false),
    roleId: integer().references(() => roles.id),
    tierId: integer().references(() => tiers.id),
    managerId: integer(),
    referredById: integer(),
    /** The opaque code of this affiliate's referral link (`/signup?referred_by=<code>`), made the first time it is shown. */
    referralCode: varchar({ length: 16 }),
    isActive: boolean().notNull().default(false),
    /** Sign-up approval (docs/affiliates.md): pending, approved or rejected; staff and older accounts are approved. */
    approvalStatus: varchar({ length: 16 }).notNull().default('approved'),
    /** Why staff rejected a sign-up, as the affiliate was told. */
    approvalReason: varchar({ length: 500 }),
    twoStepEnabled: boolean().notNull().default(false),
    /** The avatar's file in `uploads` (a uuid), or null for the initials. */
    avatarUuid: uuid(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_idx').on(t.referralCode),
    // Nobody earns a referral commission on their own income.
    check('users_not_self_referred_check', sql`${t.referredById} is null or ${t.referredById} <> ${t.id}`),
  ],
);
