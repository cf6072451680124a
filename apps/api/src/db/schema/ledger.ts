import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { CID_MAX, conversions } from './conversions.ts';
import { users } from './users.ts';

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
    // A payout's row is given back once: by a rejection or by the bank's return, never both, never twice.
    uniqueIndex('ledger_entries_payout_return_idx').on(t.reversesId).where(sql`${t.payoutId} is not null and ${t.reversesId} is not null`),
    // One commission per source row: a replayed write can never pay a referrer twice.
    uniqueIndex('ledger_entries_source_idx').on(t.sourceId).where(sql`${t.sourceId} is not null`),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('earning', 'reversal', 'referral_commission', 'bonus', 'adjustment', 'withholding', 'fee', 'payout')`,
    ),
    // A payout's or fee's row is positive when it gives money back (`reverses_id`), or when it balances
    // the row it names in `source_id`: a payment run restating a payout's method fee (docs/payment-runs.md).
    check(
      'ledger_entries_sign_check',
      sql`case ${t.kind}
        when 'earning' then ${t.amountCents} > 0
        when 'bonus' then ${t.amountCents} > 0
        when 'reversal' then ${t.amountCents} < 0
        when 'adjustment' then ${t.amountCents} <> 0
        when 'referral_commission' then ${t.amountCents} > 0 or (${t.amountCents} < 0 and ${t.reversesId} is not null)
        else ${t.amountCents} < 0 or (${t.amountCents} > 0 and (${t.reversesId} is not null or (${t.kind} in ('payout', 'fee') and ${t.sourceId} is not null))) end`,
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

/**
 * Referral commissions withheld because the referrer and the referred affiliate shared a detail
 * when the earning was written (docs/money.md, "Withheld for review"): written by the trigger
 * `ledger_entries_withhold_commission` on the earning's insert, never changed or deleted (a
 * trigger refuses it). Staff's one decision on each is a row of `referral_commission_decisions`.
 */
export const referralCommissionHolds = pgTable(
  'referral_commission_holds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referredId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The referred affiliate's earning it is a share of: one per earning. No foreign key: a table
     * referencing the ledger would turn its refusal of TRUNCATE into another error, and ledger rows
     * are never deleted anyway.
     */
    earningId: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** The kinds of detail they shared then (contracts `sharedDetailKinds`), comma-separated. */
    kinds: varchar({ length: 64 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referral_commission_holds_earning_idx').on(t.earningId),
    index('referral_commission_holds_referrer_idx').on(t.referrerId),
    check('referral_commission_holds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Staff's decision on a withheld commission: one per hold (the primary key), never changed. */
export const referralCommissionDecisions = pgTable(
  'referral_commission_decisions',
  {
    holdId: integer()
      .primaryKey()
      .references(() => referralCommissionHolds.id, { onDelete: 'restrict' }),
    /** `released` (paid: `commission_id` names the row) or `rejected`. */
    decision: varchar({ length: 16 }).notNull(),
    /** The `referral_commission` row a release wrote (no foreign key, as `earning_id`). */
    commissionId: integer(),
    decidedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: varchar({ length: 500 }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('referral_commission_decisions_decision_check', sql`${t.decision} in ('released', 'rejected')`)],
);
