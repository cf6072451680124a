import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A sign-in session: one family of rotated refresh tokens. Revoking the session ends every
 * token of the family; access tokens carry its id and are checked against it on every request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff user acting as this affiliate (login as), or null. */
    impersonatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A login-as session opened read-only (the default): every write is refused. */
    readOnly: boolean().notNull().default(false),
    /** Why staff opened the login-as session, as they typed it. */
    loginAsReason: varchar({ length: 500 }),
    userAgent: varchar({ length: 512 }),
    ip: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most every few minutes by the requests of the session (the Security tab's "last seen"). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: varchar({ length: 64 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored only as SHA-256 hashes; `usedAt` marks a rotated one, whose reuse revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Single-use secrets sent by email or handed to the browser: activation and reset links,
 * login codes, login-as codes, two-step challenges, social sign-in state. Only hashes are kept.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    purpose: varchar({ length: 32 }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** For two-step challenges: the hash of the emailed 6-digit code. */
    codeHash: varchar({ length: 64 }),
    attempts: smallint().notNull().default(0),
    data: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * The event history staff read in Global Settings: who did what to which object, with its values
 * before and after. In a login-as session `actorId` is the affiliate and `impersonatorId` the staff user.
 */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: varchar({ length: 64 }).notNull(),
    /** The two halves of `type` ("offer.updated"): what kind of object, and what happened to it. */
    objectType: varchar({ length: 32 }).notNull().default(''),
    action: varchar({ length: 32 }).notNull().default(''),
    objectId: varchar({ length: 64 }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    subjectId: integer().references(() => users.id, { onDelete: 'set null' }),
    ip: varchar({ length: 64 }),
    data: jsonb().notNull().default(sql`'{}'::jsonb`),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_created_idx').on(t.createdAt),
    index('events_subject_idx').on(t.subjectId),
    index('events_actor_idx').on(t.actorId, t.createdAt),
    index('events_object_idx').on(t.objectType, t.createdAt),
  ],
);

/** Social sign-in identities linked to a user. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar({ length: 32 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar({ length: 254 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_accounts_user_idx').on(t.userId), index('social_accounts_provider_subject_idx').on(t.provider, t.subject)],
);
