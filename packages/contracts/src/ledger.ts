import { z } from 'zod';
import { pageQuerySchema } from './rules/list.ts';

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
export const affiliateLedgerQuerySchema = pageQuerySchema({}, { defaultPerPage: 50 });
export type AffiliateLedgerQuery = z.output<typeof affiliateLedgerQuerySchema>;

export const ledgerMessages = {
  notAnAffiliate: 'This affiliate does not exist.',
} as const;
