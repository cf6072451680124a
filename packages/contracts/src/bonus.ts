import { z } from 'zod';
import { adjustmentReasons } from './ledger.ts';
import { required } from './rules/field.ts';
import { moneyAmount } from './rules/money.ts';
import { id } from './rules/ids.ts';
import { text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/** Staff add a bonus or an adjustment to one affiliate's balance: a ledger row naming them (docs/money.md). */
export const bonusMessages = {
  bonusCreated: 'Bonus added successfully',
  adjustmentCreated: 'Adjustment added successfully',
  adjustmentReasonRequired: 'A negative amount needs an adjustment reason.',
  correctsUnknown: 'This entry does not exist for this affiliate.',
} as const;

/**
 * Dollars with at most two decimals, not zero: "12", "-3.25" pass; "0", "1.234" fail (the money
 * rule, `rules/money.ts`). A million dollars a row at most: a typo of several zeros is refused.
 */
const dollarsInput = moneyAmount({ negative: true, zero: false, trim: true, max: 1_000_000 });

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
    if (v.amount < 0 && !v.adjustment_reason) ctx.addIssue({ code: 'custom', message: bonusMessages.adjustmentReasonRequired, path: ['adjustment_reason'] });
  });
export type BonusRequest = z.input<typeof bonusRequestSchema>;
