import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Stored uploads: checked by content, kept under DATA_DIR/uploads with a name of our own. */
export const uploads = pgTable('uploads', {
  uuid: uuid().primaryKey().defaultRandom(),
  ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
  /** The name the person gave the file: shown, never used for storage. */
  name: varchar({ length: 255 }).notNull(),
  path: varchar({ length: 255 }).notNull(),
  mimeType: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: 200 }).notNull(),
    description: text().notNull(),
    announcementUrl: varchar({ length: 2048 }),
    buttonText: varchar({ length: 60 }),
    imageUuid: uuid().references(() => uploads.uuid, { onDelete: 'set null' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt)],
);

/** One row per affiliate and announcement read. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** Messages sent with the Contact Us dialog. */
export const contactMessages = pgTable('contact_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 200 }).notNull(),
  email: varchar({ length: 254 }).notNull(),
  message: text().notNull(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  ip: varchar({ length: 64 }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
