import { z } from 'zod';
import { storedConversionStatuses } from './conversions.ts';
import { listMetaSchema } from './reply.ts';
import { isBlank } from './rules/empty.ts';
import { required } from './rules/field.ts';
import { id } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { isWholeNumber, percentSetting, readPercent, wholeNumber } from './rules/numbers.ts';
import { nameText, text } from './rules/text.ts';
import { conversionTypes } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Fraud screening of conversions (docs/fraud.md): rules staff set for the whole network
 * (`GET|PUT /v1/settings/fraud-rules`) and per offer (`GET|PUT /v1/offers/{id}/fraud-rules`; an
 * offer's rule replaces the network's rule of the same kind). A fresh install has none.
 *
 * - `min_seconds` / `max_seconds`: seconds from the click to the conversion, fired below / above.
 * - `visitor_per_hour`: fired when the visitor (the click's visitor hash) already has this many
 *   conversions in the last hour.
 * - `first_conversions`: an affiliate's first N conversions.
 * - `chargeback_ratio_30|90`, `refund_ratio_30|90`: the affiliate's chargebacks (refunds) per sale
 *   over the last 30 or 90 days, in percent, fired above the value.
 */
export const fraudRuleKinds = [
  'min_seconds',
  'max_seconds',
  'visitor_per_hour',
  'first_conversions',
  'chargeback_ratio_30',
  'chargeback_ratio_90',
  'refund_ratio_30',
  'refund_ratio_90',
] as const;
export type FraudRuleKind = (typeof fraudRuleKinds)[number];
export const isRatioRule = (kind: FraudRuleKind): boolean => kind.includes('_ratio_');

/** What a rule does to a conversion it fires on: accept with a flag, hold for review, or reject. */
export const fraudActions = ['flag', 'hold', 'reject'] as const;
export type FraudAction = (typeof fraudActions)[number];
/** The most severe action of the rules that fired wins. */
export const fraudActionRank: Readonly<Record<FraudAction, number>> = { flag: 1, hold: 2, reject: 3 };

export const fraudMessages = {
  wholeNumber: 'This field must be a whole number of at least 1.',
  duplicateRule: 'Each rule may be given once.',
  notHeld: 'This conversion is not held for review.',
  notAppealable: 'Only a held or rejected conversion can be appealed.',
  appealedAlready: 'This conversion has been appealed already.',
  /** Held for want of an exchange rate: nothing the affiliate did, nothing to decide. */
  notAppealableRate: 'This conversion waits for an exchange rate and is paid when the rate arrives: there is nothing to appeal.',
  ruleReasons: {
    min_seconds: (v: number) => `Converted less than ${v} seconds after the click.`,
    max_seconds: (v: number) => `Converted more than ${v} seconds after the click.`,
    visitor_per_hour: (v: number) => `The visitor already converted ${v} times in the last hour.`,
    first_conversions: (v: number) => `One of the affiliate's first ${v} conversions.`,
    chargeback_ratio_30: (v: number) => `Chargeback ratio over 30 days above ${v}%.`,
    chargeback_ratio_90: (v: number) => `Chargeback ratio over 90 days above ${v}%.`,
    refund_ratio_30: (v: number) => `Refund ratio over 30 days above ${v}%.`,
    refund_ratio_90: (v: number) => `Refund ratio over 90 days above ${v}%.`,
  } satisfies Record<FraudRuleKind, (v: number) => string>,
} as const;

/** A rule's value: a JSON number (a whole number or a percentage by the rule's kind, checked below), or a form's plain decimal text. */
const numberValue = z.custom<number | string>();

export const fraudRuleSchema = z
  .object({
    rule: z.enum(fraudRuleKinds, { error: m.invalid }),
    value: numberValue,
    action: z.enum(fraudActions, { error: m.invalid }),
  })
  .transform((r, ctx) => {
    // Ratios are percentages (the percentage-setting rule); every other rule counts seconds or conversions (the whole-number rule).
    const value = isRatioRule(r.rule) ? readPercent(r.value) : isWholeNumber(r.value, 1, 10_000_000) ? r.value : undefined;
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: isBlank(r.value) ? m.required : isRatioRule(r.rule) ? m.percentage : fraudMessages.wholeNumber, input: r.value });
      return z.NEVER;
    }
    return { ...r, value };
  });
export type FraudRule = z.output<typeof fraudRuleSchema>;
/** A rule as the API answers it. */
export const fraudRuleReplySchema = z.object({ rule: z.enum(fraudRuleKinds), value: z.number(), action: z.enum(fraudActions) });

const uniqueRules = <T extends { rule: string }>(rules: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (seen.has(r.rule)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'rule'], message: fraudMessages.duplicateRule });
    seen.add(r.rule);
  });
};

/** A payout hold that follows risk: an affiliate whose chargeback ratio (90 days) is at least `ratio` % waits `extra_days` more. */
export const riskHoldSchema = z.object({
  ratio: required(percentSetting()),
  extra_days: required(wholeNumber(1, 365, fraudMessages.wholeNumber)),
});
export type RiskHold = z.output<typeof riskHoldSchema>;
/** A risk hold as the API answers it. */
export const riskHoldReplySchema = z.object({ ratio: z.number(), extra_days: z.number() });

/** `PUT /v1/settings/fraud-rules`: the network's rules and the risk-hold table, each replaced whole. */
export const networkFraudRulesRequestSchema = z
  .object({ rules: z.array(fraudRuleSchema, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.required : m.invalid) }).max(fraudRuleKinds.length), risk_holds: z.array(riskHoldSchema).max(20).optional() })
  .superRefine((b, ctx) => uniqueRules(b.rules, ctx));
export type NetworkFraudRulesRequest = z.input<typeof networkFraudRulesRequestSchema>;
export const networkFraudRulesReplySchema = z.object({ data: z.object({ rules: z.array(fraudRuleReplySchema), risk_holds: z.array(riskHoldReplySchema) }) });
export type NetworkFraudRules = z.infer<typeof networkFraudRulesReplySchema>['data'];

/** `PUT /v1/offers/{id}/fraud-rules`: the offer's own rules, replaced whole. */
export const offerFraudRulesRequestSchema = z.object({ rules: z.array(fraudRuleSchema, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.required : m.invalid) }).max(fraudRuleKinds.length) }).superRefine((b, ctx) => uniqueRules(b.rules, ctx));
export type OfferFraudRulesRequest = z.input<typeof offerFraudRulesRequestSchema>;
export const offerFraudRulesReplySchema = z.object({ data: z.object({ rules: z.array(fraudRuleReplySchema) }) });

/** `GET /v1/fraud/held`: oldest first, a page at a time. */
export const heldConversionsQuerySchema = listQuerySchema({}, { sort: ['time'] as const, defaultSort: 'time', defaultOrder: 'asc', defaultPerPage: 50 });
export type HeldConversionsQuery = z.input<typeof heldConversionsQuerySchema>;

/**
 * An appeal is resolved once staff decided its conversion after it arrived: approved (paid) or
 * rejected, with staff's answer (the rejection's reason).
 */
export const appealOutcome = {
  resolved: z.boolean().optional(),
  decision: z.enum(['approved', 'rejected']).nullable().optional(),
  answer: z.string().nullable().optional(),
};
const appealSchema = z.object({ message: z.string(), time: z.string(), ...appealOutcome });

/**
 * A reason as its affiliate reads it: the rules' reasons speak of "the affiliate"; to the affiliate
 * they speak of "you" ("One of your first 2 conversions.").
 */
export function reasonForAffiliate(reason: string): string {
  return reason
    .replace(/One of the affiliate's first (\d+) conversions\./g, 'One of your first $1 conversions.')
    .replace(/(Chargeback|Refund) ratio over (\d+) days above ([\d.]+)%\./g, (_, kind: string, days: string, v: string) => `Your ${kind.toLowerCase()} ratio over ${days} days is above ${v}%.`)
    .replace(/The visitor already converted (\d+) times in the last hour\./g, 'Your visitor already converted $1 times in the last hour.')
    .replace(/No exchange rate for ([A-Z]{3}) on or before (\d{4}-\d{2}-\d{2})\./g, 'Waiting for the $1 exchange rate of $2: it is paid when the rate arrives (nothing to appeal).');
}

/** `GET /v1/fraud/held`: conversions held for review, oldest first, with why and what they would earn. */
export const heldConversionSchema = z.object({
  id: z.number(),
  time: z.string(),
  transaction_id: z.string(),
  type: z.enum(conversionTypes),
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  offer: z.object({ id: z.number(), name: z.string() }),
  /** US dollars; null while no rate is known. */
  usd_amount: z.number().nullable(),
  /** Dollars it pays if approved. */
  earning: z.number(),
  /** Approving it now would pass a hard cap of its offer (full for this period): the approval would be refused. */
  over_cap: z.boolean(),
  reason: z.string(),
  appeal: appealSchema.nullable(),
});
export type HeldConversion = z.infer<typeof heldConversionSchema>;
export const heldConversionsReplySchema = z.object({ data: z.array(heldConversionSchema), meta: listMetaSchema });

export const rejectHeldRequestSchema = z.object({ reason: required(nameText({ max: 255 })) });
export type RejectHeldRequest = z.input<typeof rejectHeldRequestSchema>;

/** `POST /v1/fraud/held/bulk`: approve or reject several held conversions; those no longer held are skipped. */
export const bulkHeldRequestSchema = z
  .object({
    action: z.enum(['approve', 'reject'], { error: m.invalid }),
    conversion_ids: z.array(id(), { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? m.required : m.invalid) }).min(1, m.required).max(200, m.invalid),
    reason: nameText({ max: 255 }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'reject' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: m.required });
  });
export type BulkHeldRequest = z.input<typeof bulkHeldRequestSchema>;
/** `skipped`: the conversions not reviewed; `skipped_reasons`: why each (no longer held, or its offer's hard cap is full). */
export const bulkHeldReplySchema = z.object({
  data: z.object({ approved: z.number(), rejected: z.number(), skipped: z.array(z.number()), skipped_reasons: z.array(z.object({ conversion_id: z.number(), message: z.string() })) }),
});

/** `POST /v1/conversion-log/{id}/appeal` (the affiliate whose conversion it is). */
export const appealRequestSchema = z.object({ message: required(text({ max: 2000 })) });
export type AppealRequest = z.input<typeof appealRequestSchema>;
export const appealReplySchema = z.object({ data: z.object({ conversion_id: z.number(), message: z.string(), time: z.string() }) });

/** Appeals for staff: every appealed conversion with its current status. */
export const appealRowSchema = z.object({
  conversion_id: z.number(),
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  status: z.enum(storedConversionStatuses),
  reason: z.string().nullable(),
  message: z.string(),
  time: z.string(),
  ...appealOutcome,
});
export type AppealRow = z.infer<typeof appealRowSchema>;
export const appealsReplySchema = z.object({ data: z.array(appealRowSchema) });

/** Chargeback and refund ratios per affiliate (percent of sales), for the Fraud screen. */
export const affiliateRatioSchema = z.object({
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  sales_30: z.number(),
  chargeback_ratio_30: z.number(),
  refund_ratio_30: z.number(),
  sales_90: z.number(),
  chargeback_ratio_90: z.number(),
  refund_ratio_90: z.number(),
  extra_hold_days: z.number(),
});
export type AffiliateRatio = z.infer<typeof affiliateRatioSchema>;
export const affiliateRatiosReplySchema = z.object({ data: z.array(affiliateRatioSchema) });

/** The windows the Fraud screen's invalid clicks are counted over, in Los Angeles days up to today. */
export const invalidClickWindows = [1, 7, 30, 90] as const;

/** `GET /v1/fraud/invalid-clicks?days=`: the window (default 30 days). */
export const invalidClicksQuerySchema = z.object({
  days: z.coerce
    .number({ error: m.invalid })
    .refine((v) => (invalidClickWindows as readonly number[]).includes(v), { error: m.invalid })
    .optional()
    .default(30),
});

/** One affiliate's clicks over the window: all of them, the invalid ones, and those by reason (docs/fraud-clicks.md). */
export const invalidClicksRowSchema = z.object({
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  clicks: z.number(),
  invalid: z.number(),
  bot: z.number(),
  datacenter: z.number(),
  repeat: z.number(),
  burst: z.number(),
});
export type InvalidClicksRow = z.infer<typeof invalidClicksRowSchema>;
/** The 100 affiliates with the most invalid clicks, most first. */
export const invalidClicksReplySchema = z.object({ data: z.array(invalidClicksRowSchema) });

/**
 * Details two affiliates may share (docs/fraud.md, "Shared details"): where they are paid (the same
 * IBAN, ACH account, PayPal or Paxum address, or wallet), their tax number, and the address they signed
 * up from. A referral between affiliates sharing any of them earns no commission.
 */
export const sharedDetailKinds = ['payout_details', 'tax_number', 'signup_ip'] as const;
export type SharedDetailKind = (typeof sharedDetailKinds)[number];

/** `GET /v1/fraud/shared`: each detail held by two or more affiliates, with who holds it (never the value). */
export const sharedGroupSchema = z.object({
  kind: z.enum(sharedDetailKinds),
  affiliates: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type SharedGroup = z.infer<typeof sharedGroupSchema>;
export const sharedGroupsReplySchema = z.object({ data: z.array(sharedGroupSchema) });

/** On Affiliate Details (staff): each kind of detail this affiliate shares, and with whom. */
export const sharedDetailSchema = z.object({
  kind: z.enum(sharedDetailKinds),
  with: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SharedDetail = z.infer<typeof sharedDetailSchema>;

/**
 * `GET /v1/fraud/withheld-commissions`: referral commissions withheld because the referrer and the
 * referred affiliate shared a detail when the earning was made, oldest first, with their decision.
 * Only staff see why; the referrer sees the commission as pending, like any other in the hold.
 */
export const withheldCommissionsQuerySchema = listQuerySchema(
  { status: z.enum(['pending', 'released', 'rejected'], { error: m.invalid }).optional() },
  { sort: ['time'] as const, defaultSort: 'time', defaultOrder: 'asc', defaultPerPage: 50 },
);
export type WithheldCommissionsQuery = z.input<typeof withheldCommissionsQuerySchema>;
export const withheldCommissionSchema = z.object({
  id: z.number(),
  time: z.string(),
  referrer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  referred: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  /** Dollars: the commission on the earning, at the rate when it was made. */
  amount: z.number(),
  /** The details they shared when it was made. */
  shared: z.array(z.enum(sharedDetailKinds)),
  status: z.enum(['pending', 'released', 'rejected']),
  decided_at: z.string().nullable(),
  decided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Dollars paid on release (the share of what is left of the earning); null unless released. */
  paid: z.number().nullable(),
  reason: z.string().nullable(),
});
export type WithheldCommission = z.infer<typeof withheldCommissionSchema>;
export const withheldCommissionsReplySchema = z.object({ data: z.array(withheldCommissionSchema), meta: listMetaSchema });
export const withheldCommissionReplySchema = z.object({ data: withheldCommissionSchema, message: z.string() });
export const rejectWithheldRequestSchema = z.object({ reason: required(nameText({ max: 255 })) });
export type RejectWithheldRequest = z.input<typeof rejectWithheldRequestSchema>;
export const withheldMessages = {
  decided: 'This commission has already been decided.',
  notFound: 'Withheld commission not found.',
  released: 'Commission released.',
  rejected: 'Commission rejected.',
} as const;
