import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { banks } from './billing.ts';
import { payouts } from './payouts.ts';
import { users } from './users.ts';

/**
 * A payment run (docs/payment-runs.md): the approved payouts of one method paid together by one
 * file. Draft -> approved -> sent, or cancelled before it is sent. What it pays is frozen in its items.
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** wire, ach, paxum, paypal, usdt (the billing words). */
    method: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('draft'),
    /** The paying account chosen for the run (null: each item's account of its currency). */
    payingAccountId: integer().references(() => banks.id, { onDelete: 'restrict' }),
    /** The run's currency: EUR when it pays SEPA items, else USD. */
    currency: varchar({ length: 4 }).notNull(),
    /** USD per unit of `currency` used for its items (null for USD). */
    rate: varchar({ length: 32 }),
    /** The file's message id (same bytes at each download). */
    messageId: varchar({ length: 35 }).notNull(),
    /** The requested execution day of the payments (Los Angeles day of the creation). */
    executionDate: date({ mode: 'string' }).notNull(),
    /** Pre-flight problems: [{payout_id, problem}] (frozen with the items; dropping an item drops its problems). */
    checks: jsonb().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    sentBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    cancelledBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_runs_status_idx').on(t.status, t.id),
    check('payment_runs_status_check', sql`${t.status} in ('draft', 'approved', 'sent', 'cancelled')`),
    check('payment_runs_method_check', sql`${t.method} in ('wire', 'ach', 'paxum', 'paypal', 'usdt')`),
  ],
);

/**
 * One payout in a run, frozen at the run's creation: the payee's details, what it pays in USD and
 * in the item's currency at the run's rate, and its reference (EndToEndId, ACH trace number, ours).
 */
export const paymentRunItems = pgTable(
  'payment_run_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    runId: integer().notNull().references(() => paymentRuns.id, { onDelete: 'restrict' }),
    payoutId: integer().notNull().references(() => payouts.id, { onDelete: 'restrict' }),
    affiliateId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The paying account of the item's currency. */
    payingAccountId: integer().references(() => banks.id, { onDelete: 'restrict' }),
    /** What the payee receives, USD cents. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** What the payout took from the balance, USD cents. */
    grossCents: bigint({ mode: 'number' }).notNull(),
    /** What is sent, in minor units of `currency`. */
    amountSentMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 4 }).notNull(),
    rate: varchar({ length: 32 }),
    reference: varchar({ length: 35 }).notNull(),
    /** in_run, sent, accepted, returned. */
    status: varchar({ length: 16 }).notNull().default('in_run'),
    reasonCode: varchar({ length: 8 }),
    reason: varchar({ length: 300 }),
    /** The payee as paid: name, country, recipient type, method and its details. */
    payee: jsonb().notNull(),
    /** Still holds its payout: false once the run is cancelled or the item dropped. */
    open: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_run_items_run_idx').on(t.runId, t.id),
    uniqueIndex('payment_run_items_reference_idx').on(t.reference),
    // A payout is in at most one open run.
    uniqueIndex('payment_run_items_open_payout_idx').on(t.payoutId).where(sql`${t.open}`),
    index('payment_run_items_payout_idx').on(t.payoutId),
    check('payment_run_items_status_check', sql`${t.status} in ('in_run', 'sent', 'accepted', 'returned')`),
    check('payment_run_items_amounts_check', sql`${t.amountCents} > 0 and ${t.grossCents} >= ${t.amountCents} and ${t.amountSentMinor} > 0`),
  ],
);

/** Each change of an item's status from a bank's answer (and the run's own moves): the timeline's rows. Append-only. */
export const paymentRunItemEvents = pgTable(
  'payment_run_item_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer().notNull().references(() => paymentRunItems.id, { onDelete: 'restrict' }),
    /** in_run, sent, accepted, returned, notice (a notification of change), dropped, cancelled. */
    kind: varchar({ length: 16 }).notNull(),
    reasonCode: varchar({ length: 8 }),
    reason: varchar({ length: 300 }),
    /** The status file it came from. */
    importId: integer(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_run_item_events_item_idx').on(t.itemId, t.id)],
);

/** Every bank answer imported, by its bytes' hash: the same file twice changes nothing. */
export const paymentStatusImports = pgTable(
  'payment_status_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sha256: varchar({ length: 64 }).notNull(),
    format: varchar({ length: 16 }).notNull(),
    importedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    summary: jsonb().notNull().default(sql`'{}'::jsonb`),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_status_imports_sha_idx').on(t.sha256)],
);
