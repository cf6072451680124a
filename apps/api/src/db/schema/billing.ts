import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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
  /** The rail it pays on (docs/payment-runs.md, Paying accounts): wire (SEPA and cross-border), ach, paxum, paypal, usdt. */
  rail: varchar({ length: 16 }).notNull().default('wire'),
  /** The pain.001 version a wire run's file is written in for this account: 09 or 03. */
  painVersion: varchar({ length: 2 }).notNull().default('09'),
  /** ACH: the company name and id (10 characters), the ODFI's routing number, the file's immediate destination and origin. */
  achCompanyName: varchar({ length: 16 }).notNull().default(''),
  achCompanyId: varchar({ length: 10 }).notNull().default(''),
  achOdfiRouting: varchar({ length: 9 }).notNull().default(''),
  achImmediateDestination: varchar({ length: 10 }).notNull().default(''),
  achImmediateOrigin: varchar({ length: 10 }).notNull().default(''),
  /** Paxum and PayPal: the payer's account email. */
  payerEmail: varchar({ length: 254 }).notNull().default(''),
  /** USDT: the sending wallet and its network. */
  wallet: varchar({ length: 64 }).notNull().default(''),
  walletNetwork: varchar({ length: 8 }).notNull().default(''),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
    /** Why the affiliate must confirm their details again (a payment returned by their bank, a bank's correction); cleared when they save them. */
    confirmReason: varchar({ length: 300 }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_accounts_recipient_check', sql`${t.recipientType} is null or ${t.recipientType} in ('individual', 'company')`)],
);
