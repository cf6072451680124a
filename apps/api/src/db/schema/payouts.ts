import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { banks } from './billing.ts';
import { users } from './users.ts';

/** A closed period (YYYY-MM): its row is what makes a second close refuse. */
export const payoutPeriods = pgTable('payout_periods', {
  period: varchar({ length: 7 }).primaryKey(),
  /** Ledger rows created before this moment were payable (the earlier of the month's end and the close less the hold). */
  cutoff: timestamp({ withTimezone: true }).notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull(),
  /** Null: the scheduled close. */
  closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  payouts: integer().notNull(),
  amountCents: bigint({ mode: 'number' }).notNull(),
});

/**
 * One payout per affiliate and period. The amounts are those of its ledger rows (the close writes
 * both in one transaction); the checks keep the arithmetic whole.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The closed period (a row of payout_periods, written in the same transaction). */
    period: varchar({ length: 7 }).notNull(),
    status: varchar({ length: 16 }).notNull(),
    grossCents: bigint({ mode: 'number' }).notNull(),
    withholdingCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Custom split fee plus the method's flat fee. */
    feeCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The method's flat fee, part of `feeCents`. */
    methodFeeCents: bigint({ mode: 'number' }).notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** The method's minimum at the close. */
    minimumCents: bigint({ mode: 'number' }).notNull(),
    method: varchar({ length: 32 }).notNull(),
    bankId: integer().references(() => banks.id, { onDelete: 'set null' }),
    holdReasons: text().array().notNull().default(sql`'{}'::text[]`),
    rejectReason: varchar({ length: 500 }),
    reference: varchar({ length: 200 }),
    invoiceYear: integer().notNull(),
    invoiceSeq: integer().notNull(),
    /** The window of ledger rows it covers: created at or after `fromCutoff` (null: the beginning), before `cutoff`. */
    fromCutoff: timestamp({ withTimezone: true }),
    cutoff: timestamp({ withTimezone: true }).notNull(),
    /** When the previous payout of the affiliate was made: returns of rejected payouts written since belong here. */
    previousCreatedAt: timestamp({ withTimezone: true }),
    /** The affiliate's and the network's billing details at the close, for the invoice. */
    billing: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    approvedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_affiliate_period_idx').on(t.affiliateId, t.period),
    uniqueIndex('payouts_invoice_idx').on(t.invoiceYear, t.invoiceSeq),
    index('payouts_status_idx').on(t.status, t.id),
    index('payouts_period_idx').on(t.period),
    check('payouts_status_check', sql`${t.status} in ('to_approve', 'to_pay', 'paid', 'rejected', 'held', 'returned')`),
    check('payouts_amounts_check', sql`${t.withholdingCents} >= 0 and ${t.methodFeeCents} >= 0 and ${t.feeCents} >= ${t.methodFeeCents} and ${t.amountCents} = ${t.grossCents} - ${t.withholdingCents} - ${t.feeCents}`),
    check('payouts_minimum_check', sql`${t.amountCents} > 0 and ${t.amountCents} >= ${t.minimumCents}`),
    check('payouts_paid_check', sql`(${t.status} in ('paid', 'returned')) = (${t.paidAt} is not null)`),
  ],
);

/** Every change of a payout's status: from, to, who (null: the system) and when. Append-only. */
export const payoutTransitions = pgTable(
  'payout_transitions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: integer()
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    fromStatus: varchar({ length: 16 }),
    toStatus: varchar({ length: 16 }).notNull(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: varchar({ length: 500 }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_transitions_payout_idx').on(t.payoutId, t.id)],
);

/** The last invoice number given per year: incremented in the close's transaction, so numbers have no gap. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});
