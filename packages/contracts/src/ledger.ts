import { z } from 'zod';
import { required } from './rules/field.ts';
import { id } from './rules/ids.ts';
import { text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * The money ledger (docs/money.md): one append-only table, `ledger_entries`, in integer cents.
 * Every movement of an affiliate's money is a row of one of these kinds; a balance is a sum of rows.
 *
 * | kind | sign | names |
 * |---|---|---|
 * | earning | + | conversion, offer, payout_type (cpa or revshare) |
 * | reversal | - | conversion (the refund or chargeback), reverses_id (the earning) |
 * | referral_commission | + (- when it reverses one) | source_id (the referred affiliate's earning or reversal); reverses_id when negative |
 * | bonus | + | created_by (staff), reason |
 * | adjustment | + or - | created_by (staff), reason, reason_code; corrects_id when it corrects a row |
 * | withholding, fee, payout | - (+ when a rejection returns it, naming it in reverses_id) | payout_id |
 */
export const ledgerKinds = ['earning', 'reversal', 'referral_commission', 'bonus', 'adjustment', 'withholding', 'fee', 'payout'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** The kinds an affiliate earns by their own traffic: the statistics' earnings and the base of referral commissions. */
export const trafficKinds = ['earning', 'reversal'] as const satisfies readonly LedgerKind[];

/** Categories of a staff adjustment; a negative amount needs one (issue "Bad input"). */
export const adjustmentReasons = ['correction', 'chargeback', 'fraud', 'overpayment', 'other'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

/** The referral commission: 5 % (500 basis points) of a referred affiliate's earnings, for life (setting `referral_rate_bp`). */
export const DEFAULT_REFERRAL_RATE_BP = 500;

/** A ledger row as the API shows it; money in dollars with two decimals. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  affiliate_id: z.number().int(),
  kind: z.enum(ledgerKinds),
  amount: z.number(),
  payout_type: z.enum(['cpa', 'revshare']).nullable(),
  conversion_id: z.number().int().nullable(),
  offer_id: z.number().int().nullable(),
  reverses_id: z.number().int().nullable(),
  source_id: z.number().int().nullable(),
  corrects_id: z.number().int().nullable(),
  payout_id: z.number().int().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  reason_code: z.enum(adjustmentReasons).nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /v1/affiliates/{id}/ledger: one affiliate's rows, newest first, a page at a time. */
export const affiliateLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export type AffiliateLedgerQuery = z.infer<typeof affiliateLedgerQuerySchema>;

export const ledgerMessages = {
  bonusCreated: 'Bonus added successfully',
  adjustmentCreated: 'Adjustment added successfully',
  adjustmentReasonRequired: 'A negative amount needs an adjustment reason.',
  correctsUnknown: 'This entry does not exist for this affiliate.',
  notAnAffiliate: 'This affiliate does not exist.',
} as const;

/** Dollars with at most two decimals, not zero: "12", "-3.25" pass; "0", "1.234" fail. */
const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;
const dollarsInput = z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: m.invalid }).transform((value, ctx) => {
  const raw = typeof value === 'number' ? String(value) : value.trim();
  const n = Number(raw);
  // A million dollars a row at most: a typo of several zeros is refused, and cents stay exact in a double.
  if (!TWO_DECIMALS.test(raw) || !Number.isFinite(n) || n === 0 || Math.abs(n) > 1_000_000) {
    ctx.addIssue({ code: 'custom', message: m.invalid, input: value });
    return z.NEVER;
  }
  return n;
});

/** Dollars (two decimals at most) to integer cents, exactly: 0.29 is 29, never 28.999…. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * POST /v1/affiliates/{id}/bonus. A positive amount is a bonus; a negative one is an adjustment
 * and needs `adjustment_reason`. `corrects_id` names the ledger row an adjustment corrects.
 */
export const bonusRequestSchema = z
  .object({
    amount: required(dollarsInput),
    reason: required(text({ max: 500 })),
    adjustment_reason: z.enum(adjustmentReasons, { error: m.invalid }).optional().nullable(),
    corrects_id: id().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.amount < 0 && !v.adjustment_reason) ctx.addIssue({ code: 'custom', message: ledgerMessages.adjustmentReasonRequired, path: ['adjustment_reason'] });
  });
export type BonusRequest = z.input<typeof bonusRequestSchema>;

// ---- Referrals ----

export const referredAffiliateSchema = z.object({
  id: z.number().int(),
  /** First name and the initial of the last: "Jane D." */
  name: z.string(),
  joined_at: z.string(),
  is_active: z.boolean(),
  commission_this_month: z.number(),
  commission_all_time: z.number(),
});
export type ReferredAffiliate = z.infer<typeof referredAffiliateSchema>;

/** GET /v1/referrals: the caller's referral link and the affiliates who signed up through it. */
export const referralsSchema = z.object({
  code: z.string(),
  /** `${PUBLIC_URL}/signup?referred_by=<code>` */
  link: z.string(),
  /** Percent, e.g. 5. */
  rate: z.number(),
  commission_this_month: z.number(),
  commission_all_time: z.number(),
  referred: z.array(referredAffiliateSchema),
});
export type Referrals = z.infer<typeof referralsSchema>;

/** "Jane Doe Smith" -> "Jane S."; a single name stays as it is. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}
