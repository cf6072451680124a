import { z } from 'zod';
import { billingMessages, paymentMethodTypes } from './billing.ts';
import { compactCode, isValidBic, isValidIban, isValidRoutingNumber, isValidWalletAddress } from './billing-checks.ts';
import { listMetaSchema } from './reply.ts';
import { id } from './rules/ids.ts';
import { nameText } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Paying the approved payouts on real rails (docs/payment-runs.md): the network's paying accounts,
 * payment runs (draft -> approved -> sent, or cancelled), their files, the bank's answers and a
 * payout's timeline. Money in replies is in units with two decimals (dollars, or the item's currency).
 */

export const paymentRunStatuses = ['draft', 'approved', 'sent', 'cancelled'] as const;
export type PaymentRunStatus = (typeof paymentRunStatuses)[number];
export const paymentRunItemStatuses = ['in_run', 'sent', 'accepted', 'returned'] as const;
export type PaymentRunItemStatus = (typeof paymentRunItemStatuses)[number];

export const paymentRunMessages = {
  notFound: 'Payment run not found.',
  created: 'Payment run created',
  approved: 'Payment run approved',
  cancelled: 'Payment run cancelled: its payouts are to pay again',
  markedSent: 'Payment run marked as sent: its payouts are paid',
  dropped: 'Payout dropped from the payment run',
  nothingToPay: 'There is no approved payout to pay by this method.',
  notToPay: 'Only approved payouts to pay can be put in a run.',
  inOpenRun: 'This payout is already in an open payment run.',
  notDraft: 'Only a draft run can be changed or approved.',
  notApproved: 'Only an approved run can be marked as sent.',
  notCancellable: 'A run that was sent cannot be cancelled.',
  checksOpen: 'Fix or drop the payouts the check lists before approving the run.',
  empty: 'This run has no payout left.',
  notInRun: 'This payout is not in the run.',
  ownRun: 'A payment run is approved by a staff member other than the one who created it.',
  noPayingAccount: 'There is no active paying account for this method.',
  unknownPayingAccount: 'This paying account does not exist or pays by another method.',
  fileCancelled: 'A cancelled run has no file.',
  unknownFile: 'This file is not a pain.002 status report, a NACHA return file or a status CSV.',
  emptyFile: 'The file is empty.',
  twoPersonOwnerOnly: 'Only the owner can switch two-person approval on or off.',
  saved: 'Paying accounts saved successfully',
  payPalWarning: 'PayPal’s policy bars adult businesses: it may freeze the account that sends this run.',
} as const;

// ---- Paying accounts (Global Settings > Payments) ----

export const painVersions = ['09', '03'] as const;
export const walletNetworks = ['trc20', 'erc20'] as const;

export const payingAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rail: z.enum(paymentMethodTypes),
  currency: z.string(),
  account_holder: z.string(),
  iban: z.string(),
  swift: z.string(),
  pain_version: z.enum(painVersions),
  ach_company_name: z.string(),
  ach_company_id: z.string(),
  ach_odfi_routing: z.string(),
  ach_immediate_destination: z.string(),
  ach_immediate_origin: z.string(),
  payer_email: z.string(),
  wallet: z.string(),
  wallet_network: z.string(),
  is_active: z.boolean(),
});
export type PayingAccount = z.infer<typeof payingAccountSchema>;

const trimmed = (max: number) => z.string().trim().max(max, m.invalid).optional().default('');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One paying account as typed: each rail asks for its own fields (checked as billing details are). */
export const payingAccountInputSchema = z
  .object({
    id: id().optional(),
    name: nameText({ max: 150 }).pipe(z.string().min(1, m.required)),
    rail: z.enum(paymentMethodTypes, { error: m.required }),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, m.invalid).optional().default('USD'),
    account_holder: nameText({ max: 150 }).optional().default(''),
    iban: z.string().max(50, billingMessages.iban).optional().default('').transform(compactCode),
    swift: z.string().max(20, billingMessages.bic).optional().default('').transform(compactCode),
    pain_version: z.enum(painVersions, { error: m.invalid }).optional().default('09'),
    ach_company_name: trimmed(16),
    ach_company_id: trimmed(10),
    ach_odfi_routing: trimmed(9),
    ach_immediate_destination: trimmed(10),
    ach_immediate_origin: trimmed(10),
    payer_email: trimmed(254),
    wallet: trimmed(64),
    wallet_network: z.enum([...walletNetworks, ''], { error: m.invalid }).optional().default(''),
    is_active: z.boolean({ error: m.invalid }).optional().default(true),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v, ok: boolean, message: string) => {
      if (v[field] === '' || v[field] === undefined) ctx.addIssue({ code: 'custom', message: m.required, path: [field] });
      else if (!ok) ctx.addIssue({ code: 'custom', message, path: [field] });
    };
    if (v.rail === 'wire') {
      need('account_holder', true, m.invalid);
      need('iban', isValidIban(v.iban), billingMessages.iban);
      need('swift', isValidBic(v.swift), billingMessages.bic);
    } else if (v.rail === 'ach') {
      need('ach_company_name', true, m.invalid);
      need('ach_company_id', v.ach_company_id.length === 10, 'An ACH company id has 10 characters.');
      need('ach_odfi_routing', isValidRoutingNumber(v.ach_odfi_routing), billingMessages.routingNumber);
      need('ach_immediate_destination', /^\d{9,10}$/.test(v.ach_immediate_destination), 'The immediate destination is a routing number (9 or 10 digits).');
      need('ach_immediate_origin', /^[0-9A-Z]{9,10}$/.test(v.ach_immediate_origin), 'The immediate origin has 9 or 10 characters.');
    } else if (v.rail === 'paxum' || v.rail === 'paypal') {
      need('payer_email', EMAIL.test(v.payer_email), m.invalid);
    } else if (v.rail === 'usdt') {
      need('wallet_network', true, m.invalid);
      if (v.wallet_network) need('wallet', isValidWalletAddress(v.wallet_network, v.wallet), billingMessages.wallet);
    }
  });
export type PayingAccountInput = z.input<typeof payingAccountInputSchema>;

/** GET|PUT /v1/settings/paying-accounts: the accounts, two-person approval and the cooling-off days. */
export const payingAccountsSchema = z.object({
  accounts: z.array(payingAccountSchema),
  /** A run is approved by someone other than its creator (only the owner switches it). */
  two_person_approval: z.boolean(),
  /** Payee details changed this recently are flagged by the pre-flight check. */
  cooling_off_days: z.number().int(),
});
export type PayingAccounts = z.infer<typeof payingAccountsSchema>;

/** PUT: accounts with an id are changed, without one added, and those left out deactivated. */
export const payingAccountsInputSchema = z.object({
  accounts: z.array(payingAccountInputSchema).max(100).optional(),
  two_person_approval: z.boolean().optional(),
  cooling_off_days: z.number({ error: m.invalid }).int(m.invalid).min(0, m.invalid).max(90, m.invalid).optional(),
});

// ---- Payment runs ----

export const createPaymentRunSchema = z.object({
  method: z.enum(paymentMethodTypes, { error: m.required }),
  paying_account_id: id().optional(),
  payout_ids: z.array(id()).min(1, m.required).max(20_000).optional(),
});
export type CreatePaymentRun = z.input<typeof createPaymentRunSchema>;

export const paymentRunCheckSchema = z.object({ payout_id: z.number().int(), problem: z.string() });
export type PaymentRunCheck = z.infer<typeof paymentRunCheckSchema>;

export const paymentRunItemSchema = z.object({
  payout_id: z.number().int(),
  affiliate_id: z.number().int(),
  /** What the payee receives, USD. */
  amount: z.number(),
  /** What the payout took from the balance, USD. */
  gross: z.number(),
  /** What is sent, in `currency`. */
  amount_sent: z.number(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(paymentRunItemStatuses),
  /** A returned item's reason in words. */
  reason: z.string().nullable(),
  /** The payee's name as frozen in the run. */
  payee: z.string(),
});
export type PaymentRunItem = z.infer<typeof paymentRunItemSchema>;

const who = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const paymentRunSummarySchema = z.object({
  id: z.number().int(),
  method: z.enum(paymentMethodTypes),
  status: z.enum(paymentRunStatuses),
  currency: z.string(),
  /** USD per unit of `currency` (null for USD). */
  rate: z.number().nullable(),
  created_by: who,
  approved_by: who,
  created_at: z.string(),
  approved_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  totals: z.object({ count: z.number().int(), amount: z.number(), amount_sent: z.number() }),
});
export type PaymentRunSummary = z.infer<typeof paymentRunSummarySchema>;

export const paymentRunSchema = paymentRunSummarySchema.extend({
  checks: z.array(paymentRunCheckSchema),
  items: z.array(paymentRunItemSchema),
  /** What the bank answered, against what was sent: a difference is shown, never hidden. */
  reconciliation: z.object({
    /** The file's control sum, per currency. */
    control_sums: z.array(z.object({ currency: z.string(), count: z.number().int(), amount_sent: z.number() })),
    accepted: z.object({ count: z.number().int(), amount: z.number() }),
    returned: z.object({ count: z.number().int(), amount: z.number() }),
    awaiting: z.object({ count: z.number().int(), amount: z.number() }),
    /** Sent less accepted, returned and awaiting, USD: 0 when they agree to the cent. */
    difference: z.number(),
  }),
  warnings: z.array(z.string()),
});
export type PaymentRun = z.infer<typeof paymentRunSchema>;

export const paymentRunListQuerySchema = z.object({
  status: z.enum(paymentRunStatuses).optional(),
  method: z.enum(paymentMethodTypes).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
});
export const paymentRunListReplySchema = z.object({ data: z.array(paymentRunSummarySchema), meta: listMetaSchema });

/** POST /v1/payment-runs/status-files: what matched, with its new status, and what did not. */
export const statusImportSchema = z.object({
  format: z.enum(['pain.002', 'nacha', 'csv']),
  /** The same bytes were imported before: nothing changed. */
  repeated: z.boolean(),
  matched: z.array(
    z.object({
      reference: z.string(),
      payout_id: z.number().int(),
      run_id: z.number().int(),
      status: z.enum(paymentRunItemStatuses),
      reason: z.string().nullable(),
      /** A notification of change: what the payee must correct (not applied). */
      correction: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
  unmatched: z.array(z.object({ reference: z.string(), status: z.string(), reason: z.string().nullable() })),
});
export type StatusImport = z.infer<typeof statusImportSchema>;

// ---- A payout's timeline ----

export const timelineStepKinds = ['approved', 'in_run', 'sent', 'accepted', 'returned', 'correction', 'paid_again', 'cooling_off'] as const;
export const payoutTimelineSchema = z.object({
  payout_id: z.number().int(),
  steps: z.array(
    z.object({
      kind: z.enum(timelineStepKinds),
      at: z.string(),
      /** The reference to quote to the bank. */
      reference: z.string().nullable(),
      reason: z.string().nullable(),
      amount: z.number().nullable(),
      amount_sent: z.number().nullable(),
      currency: z.string().nullable(),
    }),
  ),
});
export type PayoutTimeline = z.infer<typeof payoutTimelineSchema>;
