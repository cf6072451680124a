import { z } from 'zod';
import { isCalendarDay } from './rules/dates.ts';
import { amountFilter } from './rules/numbers.ts';
import { profileIssueCodes } from './auth.ts';
import { listMetaSchema } from './reply.ts';
import { isFilled } from './rules/empty.ts';
import { required } from './rules/field.ts';
import { id } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { lineText, text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Payouts, periods, the balance and the "when am I paid?" checklist (docs/money.md).
 * Money in replies is dollars with two decimals (a JSON number, e.g. 1234.5 = $1,234.50);
 * the server keeps integer cents.
 */

/**
 * to_approve -> to_pay -> paid; or rejected (the amount returns to the balance); or held (eligibility);
 * a paid payout the bank sent back is returned (its gross returns to the balance, a later close pays it).
 */
export const payoutStatuses = ['to_approve', 'to_pay', 'paid', 'rejected', 'held', 'returned'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** The /payouts sections: which statuses each shows. */
export const payoutSections = {
  to_approve: ['to_approve', 'held'],
  to_pay: ['to_pay'],
  history: ['paid', 'rejected', 'returned'],
} as const satisfies Record<string, readonly PayoutStatus[]>;

/** Why a payout is held: the affiliate's open profile issues (SPEC.md section 4). */
export const payoutHoldReasons = profileIssueCodes;
export type PayoutHoldReason = (typeof payoutHoldReasons)[number];

// ---- Periods: calendar months in America/Los_Angeles, from 01 September 2024 ----

/** The first period of the billing system (the /payouts subtitle). */
export const FIRST_PERIOD = '2024-09';
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const payoutMessages = {
  periodInvalid: 'Periods are months from September 2024, written YYYY-MM.',
  periodNotEnded: 'This period has not ended yet.',
  periodAlreadyClosed: 'This period is already closed.',
  periodBeforeLastClosed: 'A later period is already closed.',
  closed: 'Period closed successfully',
  approved: 'Payout approved successfully',
  rejected: 'Payout rejected successfully',
  markedPaid: 'Payout marked as paid successfully',
  bankUpdated: 'Bank updated successfully',
  notFound: 'Payout not found.',
  notToApprove: 'Only a payout to approve can be approved.',
  notApproved: 'Only an approved payout can be marked as paid.',
  notRejectable: 'Only a payout that is not paid or rejected can be rejected.',
  bankNotChangeable: 'The bank of a paid or rejected payout cannot be changed.',
  held: 'This payout is held until the affiliate fixes their profile.',
  unknownBank: 'This bank does not exist.',
  unknownMethod: 'This payment method does not exist.',
  receiptNotPaid: 'A receipt exists once the payout is paid.',
  paidOnInvalid: 'Enter the date paid as YYYY-MM-DD.',
  paidOnFuture: 'The date paid cannot be in the future.',
  paidOnBeforeApproval: 'The date paid cannot be before the payout was approved.',
  unmarkedPaid: 'Payout returned to "to pay"',
  notPaid: 'Only a paid payout can be unmarked.',
  unmarkTooLate: 'A payout can be unmarked only within 7 days of being marked paid.',
  inPaymentRun: 'This payout is in a payment run: cancel the run or drop the payout from it first.',
} as const;

/** How long after it was marked paid a payout can still be returned to "to pay". */
export const UNMARK_PAID_DAYS = 7;

/** A period written YYYY-MM, from September 2024. */
export const periodSchema = z
  .string({ error: m.required })
  .trim()
  // An empty period (or the empty marker) says only that it is required.
  .refine(isFilled, { error: m.required, abort: true })
  .refine((v) => PERIOD.test(v) && v >= FIRST_PERIOD, { error: payoutMessages.periodInvalid });

export function isPeriod(value: string): boolean {
  return PERIOD.test(value) && value >= FIRST_PERIOD;
}

/** The month after (or `delta` months after) a period. */
export function addPeriods(period: string, delta: number): string {
  const [, y, mo] = PERIOD.exec(period) ?? [];
  if (!y || !mo) throw new Error(`Not a period: ${period}`);
  const index = Number(y) * 12 + (Number(mo) - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "September 2024". */
export function periodLabel(period: string): string {
  const [, y, mo] = PERIOD.exec(period) ?? [];
  return y && mo ? `${MONTHS[Number(mo) - 1]} ${y}` : period;
}

// ---- Payouts ----

/** A money amount in dollars: two decimals at most. */
const dollars = z.number();

export const payoutTransitionSchema = z.object({
  from: z.enum(payoutStatuses).nullable(),
  to: z.enum(payoutStatuses),
  /** Staff user who acted; null for the period close and eligibility changes. */
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
  reason: z.string().nullable(),
});
export type PayoutTransition = z.infer<typeof payoutTransitionSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM */
  period: z.string(),
  status: z.enum(payoutStatuses),
  /** What the affiliate receives: gross less withholding and fee. */
  amount: dollars,
  /** The balance the payout takes out of the ledger. */
  gross: dollars,
  /** Tax withholding (positive number, a deduction). */
  withholding: dollars,
  /** Custom split fee kept by the network (positive number, a deduction). */
  fee: dollars,
  currency: z.literal('USD'),
  /** Payment method code (paypal, paxum, wire, ach, usdt...) as chosen in the billing details at the close. */
  method: z.string(),
  method_name: z.string(),
  /** Which of the network's banks pays it (the change-bank dialog). */
  bank: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  affiliate: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  hold_reasons: z.array(z.enum(payoutHoldReasons)),
  reject_reason: z.string().nullable(),
  /** e.g. "2026-000042": gapless per year. */
  invoice_number: z.string(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** Payment reference given at mark-paid (bank transfer id...). */
  reference: z.string().nullable(),
  /** A paid payout: until when staff can return it to "to pay" (7 days after it was marked paid). */
  unmark_paid_until: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Statement row kinds as the ledger names them (see docs/money.md). */
export const statementRowSchema = z.object({
  /** The ledger row id. */
  id: z.number().int(),
  kind: z.string(),
  created_at: z.string(),
  amount: dollars,
  offer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  conversion_id: z.number().int().nullable(),
  description: z.string(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const payoutDetailSchema = payoutSchema.extend({
  transitions: z.array(payoutTransitionSchema),
  /** Every ledger row behind the payout; their amounts add up to `amount`. */
  statement: z.array(statementRowSchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const payoutSortFields = ['id', 'period', 'amount', 'status', 'created_at', 'paid_at', 'affiliate'] as const;

/** GET /v1/payouts. Comma lists for status; amount_min/max in dollars. */
export const payoutListQuerySchema = listQuerySchema(
  {
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const s of list) {
        if (!(payoutStatuses as readonly string[]).includes(s)) {
          ctx.addIssue({ code: 'custom', message: m.invalid, input: v });
          return z.NEVER;
        }
      }
      return list as PayoutStatus[];
    }),
  /** A section of /payouts, instead of status. */
  section: z.enum(['to_approve', 'to_pay', 'history']).optional(),
  period: periodSchema.optional(),
  method: z.string().trim().max(32).optional(),
  affiliate_id: id().optional(),
  /** Name or email, part of it (staff). */
  affiliate: z.string().trim().max(100).optional(),
  amount_min: amountFilter().optional(),
  amount_max: amountFilter().optional(),
  },
  { sort: payoutSortFields, defaultSort: 'id', defaultOrder: 'desc' },
);
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;

export const payoutTotalsSchema = z.object({
  count: z.number().int(),
  amount: dollars,
  gross: dollars,
  withholding: dollars,
  fee: dollars,
});

export const payoutListReplySchema = z.object({
  data: z.array(payoutSchema),
  meta: listMetaSchema.extend({
    totals: payoutTotalsSchema,
    /** Staff: the next period the monthly job closes, and when (null for an affiliate). */
    next_close: z.object({ period: z.string(), date: z.string() }).nullable().optional(),
  }),
});
export type PayoutListReply = z.infer<typeof payoutListReplySchema>;

// ---- Actions ----

export const closePeriodRequestSchema = z.object({ period: required(periodSchema) });
export const closePeriodResultSchema = z.object({
  period: z.string(),
  /** The moment before which earnings were payable (the hold). */
  cutoff: z.string(),
  payouts: z.number().int(),
  held: z.number().int(),
  amount: dollars,
  /** Affiliates with a balance below their method's minimum: it carries over. */
  carried_over: z.number().int(),
});
export type ClosePeriodResult = z.infer<typeof closePeriodResultSchema>;

export const rejectPayoutRequestSchema = z.object({ reject_reason: required(text({ max: 500 })) });
/** A real calendar day written YYYY-MM-DD (the future is refused by the server, which knows today in Los Angeles). */
const calendarDay = z
  .string({ error: m.required })
  .trim()
  .refine(isFilled, { error: m.required, abort: true })
  .refine(isCalendarDay, { error: payoutMessages.paidOnInvalid });

/** Mark paid: the payment's reference and the day it was paid (default: today in Los Angeles; never in the future). */
export const markPaidRequestSchema = z.object({ reference: z.string().trim().max(200).optional(), paid_on: calendarDay.optional() }).default({});
/** The mark-paid dialog: it asks for both. */
export const markPaidFormSchema = z.object({ reference: required(lineText({ max: 200 })), paid_on: calendarDay });
export type MarkPaidForm = z.infer<typeof markPaidFormSchema>;
/** POST /v1/payouts/{id}/unmark-paid: back to "to pay", with why. */
export const unmarkPaidRequestSchema = z.object({ reason: required(text({ max: 500 })) });
export const changeBankRequestSchema = z.object({ bank_id: id() });

export const bulkIdsSchema = z.array(id(), { error: m.required }).min(1, m.required).max(1000);
export const bulkRequestSchema = z.object({ ids: bulkIdsSchema });
export const bulkMarkPaidRequestSchema = z.object({ ids: bulkIdsSchema, reference: z.string().trim().max(200).optional(), paid_on: calendarDay.optional() });
export const bulkRejectRequestSchema = z.object({ ids: bulkIdsSchema, reject_reason: required(text({ max: 500 })) });
export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      status: z.enum(payoutStatuses).nullable(),
      error_code: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

// ---- Balance and "when am I paid?" ----

export const balanceSchema = z.object({
  currency: z.literal('USD'),
  /** Released earnings not yet in a payout: what the next close pays if it reaches the minimum. */
  available: dollars,
  /** In payouts held for profile issues. */
  held: dollars,
  /** Earnings still inside the hold period (refunds and chargebacks land first). */
  pending_hold: dollars,
  /** What held conversions (e.g. no exchange rate yet) would earn once released: not in the ledger yet. */
  pending_review: dollars,
  /** In payouts to approve or to pay. */
  in_payouts: dollars,
  lifetime_paid: dollars,
});
export type Balance = z.infer<typeof balanceSchema>;

export const eligibilityIssueSchema = z.object({
  code: z.enum(payoutHoldReasons),
  /** Where to fix it in the portal. */
  link: z.string(),
});

/** One checklist, computed by the same code as the period close. */
export const whenPaidSchema = z.object({
  eligible: z.boolean(),
  method: z.string().nullable(),
  method_name: z.string().nullable(),
  minimum: dollars,
  /** Released balance (available) and whether it reaches the minimum. */
  balance: dollars,
  reaches_minimum: z.boolean(),
  /** Earnings in the hold and when the oldest of them is released. */
  pending_hold: dollars,
  next_release_at: z.string().nullable(),
  /**
   * The hold is rolling: each earning is released `hold_days` after it was made. One entry per day
   * of release (oldest first), adding up to `pending_hold`; `next_payout` when the projected next
   * close takes it (so `projected` counts it), else a later close.
   */
  releases: z.array(z.object({ date: z.string(), amount: dollars, next_payout: z.boolean() })),
  hold_days: z.number().int(),
  /** Days of `hold_days` added by the affiliate's 90-day chargeback ratio (the risk-hold table); 0 for most. */
  risk_hold_days: z.number().int(),
  issues: z.array(eligibilityIssueSchema),
  /** The next period close and what it would pay now (null when nothing would be paid). */
  next_close: z.object({ period: z.string(), date: z.string() }),
  projected: z.object({ period: z.string(), date: z.string(), amount: dollars }).nullable(),
});
export type WhenPaid = z.infer<typeof whenPaidSchema>;
