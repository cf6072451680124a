import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, char, check, date, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { conversions } from './tracking.ts';
import { users } from './users.ts';

/** Click ids as sites report them: the contracts' CID_MAX (a test checks they agree). */
const CID_MAX = 64;

/**
 * The one append-only money ledger, in integer cents: every movement of an affiliate's money is a
 * row with a kind (docs/money.md). Rows are never updated or deleted (a trigger refuses it); a
 * correction is a new row naming the row it corrects.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** earning, reversal, referral_commission, bonus, adjustment, withholding, fee, payout (contracts `ledgerKinds`). */
    kind: varchar({ length: 24 }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** For an earning: cpa or revshare. */
    payoutType: varchar({ length: 8 }),
    conversionId: integer().references(() => conversions.id, { onDelete: 'restrict' }),
    cid: varchar({ length: CID_MAX }),
    offerId: integer(),
    /** The row this one takes back: a reversal's earning, a negative commission's commission, a rejected payout's row. */
    reversesId: integer().references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'restrict' }),
    /** A referral commission: the referred affiliate's earning or reversal it is a share of. */
    sourceId: integer().references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'restrict' }),
    /** An adjustment: the row it corrects, if it corrects one. */
    correctsId: integer().references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'restrict' }),
    /** The staff user who wrote a bonus or adjustment. */
    createdBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    reason: varchar({ length: 500 }),
    /** An adjustment's category (contracts `adjustmentReasons`). */
    reasonCode: varchar({ length: 24 }),
    /** The payout a withholding, fee or payout row belongs to (written by the period close, or by a rejection returning it). */
    payoutId: integer(),
    /** Los Angeles calendar day of `created_at`. */
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_affiliate_idx').on(t.affiliateId, t.createdAt),
    // The reference columns are indexed only where they are set: most rows leave most of them empty,
    // and a row the period close writes (withholding, fee, payout) then enters three indexes, not seven.
    index('ledger_entries_conversion_idx').on(t.conversionId).where(sql`${t.conversionId} is not null`),
    index('ledger_entries_cid_idx').on(t.cid).where(sql`${t.cid} is not null`),
    index('ledger_entries_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    index('ledger_entries_payout_idx').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    // One commission per source row: a replayed write can never pay a referrer twice.
    uniqueIndex('ledger_entries_source_idx').on(t.sourceId).where(sql`${t.sourceId} is not null`),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('earning', 'reversal', 'referral_commission', 'bonus', 'adjustment', 'withholding', 'fee', 'payout')`,
    ),
    check(
      'ledger_entries_sign_check',
      sql`case ${t.kind}
        when 'earning' then ${t.amountCents} > 0
        when 'bonus' then ${t.amountCents} > 0
        when 'reversal' then ${t.amountCents} < 0
        when 'adjustment' then ${t.amountCents} <> 0
        when 'referral_commission' then ${t.amountCents} > 0 or (${t.amountCents} < 0 and ${t.reversesId} is not null)
        else ${t.amountCents} < 0 or (${t.amountCents} > 0 and ${t.reversesId} is not null) end`,
    ),
    check(
      'ledger_entries_reference_check',
      sql`case ${t.kind}
        when 'earning' then ${t.conversionId} is not null and ${t.offerId} is not null and ${t.payoutType} in ('cpa', 'revshare')
        when 'reversal' then ${t.conversionId} is not null and ${t.reversesId} is not null
        when 'referral_commission' then ${t.sourceId} is not null
        when 'bonus' then ${t.createdBy} is not null and coalesce(${t.reason}, '') <> ''
        when 'adjustment' then ${t.createdBy} is not null and coalesce(${t.reason}, '') <> '' and ${t.reasonCode} is not null
        else ${t.payoutId} is not null end`,
    ),
    check('ledger_entries_corrects_check', sql`${t.correctsId} is null or ${t.kind} = 'adjustment'`),
  ],
);

/** Ways the network pays: one per type, each with its minimum payout and a flat fee per payout. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** wire, ach, paypal, paxum, usdt: decides which billing details an affiliate gives. */
    type: varchar({ length: 16 }).notNull().unique(),
    name: varchar({ length: 100 }).notNull(),
    minPayoutCents: bigint({ mode: 'number' }).notNull(),
    feeCents: bigint({ mode: 'number' }).notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_methods_amounts_check', sql`${t.minPayoutCents} >= 0 and ${t.feeCents} >= 0`)],
);

/** The network's own accounts payouts are paid from. */
export const banks = pgTable('banks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 150 }).notNull().unique(),
  accountHolder: varchar({ length: 150 }).notNull().default(''),
  iban: varchar({ length: 34 }).notNull().default(''),
  swift: varchar({ length: 11 }).notNull().default(''),
  currency: char({ length: 3 }).notNull().default('USD'),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Tax withheld from payouts: a rate in basis points per country and recipient type. */
export const taxWithholdings = pgTable(
  'tax_withholdings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    country: char({ length: 2 }).notNull(),
    recipientType: varchar({ length: 16 }).notNull(),
    rateBp: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_withholdings_key_idx').on(t.country, t.recipientType),
    check('tax_withholdings_rate_check', sql`${t.rateBp} between 0 and 10000`),
    check('tax_withholdings_recipient_check', sql`${t.recipientType} in ('individual', 'company')`),
  ],
);

/** Custom split fee: the share of each of this affiliate's payouts the network keeps, in basis points. */
export const splitFees = pgTable(
  'split_fees',
  {
    affiliateId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateBp: integer().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('split_fees_rate_check', sql`${t.rateBp} between 0 and 10000`)],
);

/** Where an affiliate is paid: recipient type, payment method and that method's details (contracts `billingDetailsSchema`). */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientType: varchar({ length: 16 }),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: 'restrict' }),
    details: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** True when every field the method needs is present and valid; keeps `billing_account_incomplete` a cheap read. */
    isComplete: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_accounts_recipient_check', sql`${t.recipientType} is null or ${t.recipientType} in ('individual', 'company')`)],
);
