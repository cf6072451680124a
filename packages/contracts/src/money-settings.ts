import { z } from 'zod';
import { billingMessages, paymentMethodTypes, recipientTypes } from './billing.ts';
import { compactCode, isValidBic, isValidIban } from './billing-checks.ts';
import { required } from './rules/field.ts';
import { percentSetting, wholeNumber } from './rules/numbers.ts';
import { nameText } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Money settings (staff with `settings`, /settings/money): the payment methods affiliates choose
 * from, the banks payouts are paid from, tax withholding rates, custom split fees, the referral
 * rate and hold days, and US backup withholding. The API module of the same name serves them.
 */

/** Cents as the API's dollars; amounts typed as dollars with at most two decimals, zero allowed. */
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const nonNegativeDollars = z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', { error: m.invalid }).transform((value, ctx) => {
  const raw = typeof value === 'number' ? String(value) : value.trim();
  const n = Number(raw);
  if (!TWO_DECIMALS.test(raw) || !Number.isFinite(n) || n > 1_000_000) {
    ctx.addIssue({ code: 'custom', message: m.invalid, input: value });
    return z.NEVER;
  }
  return n;
});

/** A percentage from 0 to 100 with at most two decimals (stored in basis points): the percentage-setting rule. */
const percentInput = percentSetting();

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  type: z.enum(paymentMethodTypes),
  name: z.string(),
  min_payout: z.number(),
  fee: z.number(),
  is_active: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodInputSchema = z.object({
  type: z.enum(paymentMethodTypes, { error: m.required }),
  name: required(nameText({ max: 100 })),
  min_payout: required(nonNegativeDollars),
  fee: nonNegativeDollars.optional().default(0),
  is_active: z.boolean().optional().default(true),
});
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

export const bankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_holder: z.string(),
  iban: z.string(),
  swift: z.string(),
  currency: z.string(),
  is_active: z.boolean(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankInputSchema = z.object({
  name: required(nameText({ max: 150 })),
  account_holder: nameText({ max: 150 }).optional().default(''),
  iban: z
    .string()
    .optional()
    .default('')
    .transform(compactCode)
    .refine((v) => v === '' || isValidIban(v), billingMessages.iban),
  swift: z
    .string()
    .optional()
    .default('')
    .transform(compactCode)
    .refine((v) => v === '' || isValidBic(v), billingMessages.bic),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, m.invalid).optional().default('USD'),
  is_active: z.boolean().optional().default(true),
});
export type BankInput = z.input<typeof bankInputSchema>;

export const taxWithholdingSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  recipient_type: z.enum(recipientTypes),
  /** Percent, e.g. 30 or 12.5. */
  rate: z.number(),
});
export type TaxWithholding = z.infer<typeof taxWithholdingSchema>;

export const taxWithholdingInputSchema = z.object({
  country: required(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, m.invalid)),
  recipient_type: z.enum(recipientTypes, { error: m.required }),
  rate: required(percentInput),
});
export type TaxWithholdingInput = z.input<typeof taxWithholdingInputSchema>;

export const splitFeeSchema = z.object({
  affiliate: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** Percent of each payout's gross the network keeps. */
  rate: z.number(),
  updated_at: z.string(),
});
export type SplitFee = z.infer<typeof splitFeeSchema>;

export const splitFeeInputSchema = z.object({ rate: required(percentInput) });

/** GET/PUT /v1/settings/money. */
export const moneySettingsSchema = z.object({
  /** Referral commission, percent of referred affiliates' earnings. */
  referral_rate: z.number(),
  /** Days an earning waits before a close may pay it. */
  hold_days: z.number().int(),
});
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

export const moneySettingsInputSchema = z.object({
  referral_rate: percentInput.optional(),
  hold_days: wholeNumber(0, 180).optional(),
});

/**
 * GET/PUT /v1/settings/backup-withholding: US backup withholding, percent of a US person's payout
 * kept while no valid W-9 is on file (stored as `backup_withholding_bp`, default 24 %).
 */
export const backupWithholdingSchema = z.object({ rate: z.number() });
export type BackupWithholding = z.infer<typeof backupWithholdingSchema>;
export const backupWithholdingInputSchema = z.object({ rate: required(percentInput) });

export const moneySettingsMessages = {
  methodInUse: 'Affiliates are paid by this method: deactivate it instead.',
  bankInUse: 'Payouts are paid from this bank: deactivate it instead.',
  methodTypeTaken: 'There is already a payment method of this type.',
  withholdingTaken: 'There is already a rate for this country and recipient type.',
  notAnAffiliate: 'This affiliate does not exist.',
} as const;

/** Percent (two decimals) to basis points and back. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;
