import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { conversions } from './conversions.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';

/**
 * Fraud screening rules (docs/fraud.md): the network's (`offerId` null) and an offer's own, one row
 * per kind each; an offer's rule replaces the network's of the same kind. `value` is seconds, a
 * count, or a ratio in percent, by kind (contracts `fraudRuleKinds`); `action` flag | hold | reject.
 */
export const fraudRules = pgTable(
  'fraud_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer().references(() => offers.id, { onDelete: 'cascade' }),
    rule: varchar({ length: 32 }).notNull(),
    value: numeric({ precision: 14, scale: 4, mode: 'number' }).notNull(),
    action: varchar({ length: 8 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fraud_rules_scope_rule_idx').on(sql`coalesce(${t.offerId}, 0)`, t.rule)],
);

/** Payout holds that follow risk: from a chargeback ratio (percent, 90 days) up, `extraDays` more days of hold. */
export const riskHolds = pgTable('risk_holds', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  ratio: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull(),
  extraDays: integer().notNull(),
});

/** An affiliate's appeal of a held or rejected conversion of theirs: one per conversion. */
export const conversionAppeals = pgTable(
  'conversion_appeals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    conversionId: integer()
      .notNull()
      .references(() => conversions.id, { onDelete: 'cascade' }),
    affiliateId: integer().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversion_appeals_conversion_idx').on(t.conversionId), index('conversion_appeals_created_idx').on(t.createdAt)],
);

/**
 * Shared details (docs/fraud.md): one keyed hash (a blind index, lib/blind-index.ts) per affiliate
 * and kind of detail (`payout_details`, `tax_number`, `signup_ip`), written where the value is
 * written. Affiliates holding the same digest of a kind share that detail; the value itself is never
 * stored here, and matching never decrypts anything.
 */
export const sharedMarkers = pgTable(
  'shared_markers',
  {
    affiliateId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 16 }).notNull(),
    /** HMAC-SHA256 of `kind:normalised value`, hex. */
    digest: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.kind] }), index('shared_markers_kind_digest_idx').on(t.kind, t.digest)],
);
