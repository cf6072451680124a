import { z } from 'zod';
import { choice, optionalSelectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { moneyAmount } from './rules/money.ts';
import { percentage } from './rules/numbers.ts';
import { validationMessages as m } from './validation.ts';

/** Caps (docs/caps.md): on an offer, or on one affiliate on it. */
export const capMetrics = ['clicks', 'conversions', 'payout'] as const;
export type CapMetric = (typeof capMetrics)[number];
/** Periods start at midnight in America/Los_Angeles; weeks start on Monday. */
export const capPeriods = ['day', 'week', 'month', 'total'] as const;
export type CapPeriod = (typeof capPeriods)[number];
/** Hard: refuse beyond the limit (clicks go to the fallback); soft: alert staff only. */
export const capModes = ['hard', 'soft'] as const;
export type CapMode = (typeof capModes)[number];
export const DEFAULT_CAP_ALERT_PERCENT = 90;
/** The reason stored on a conversion refused by a hard cap (status `rejected`). */
export const OVER_CAP_REASON = "Over the offer's cap for this period.";

export const capMessages = {
  created: 'Cap added successfully',
  deleted: 'Cap deleted successfully',
  wholeNumber: 'This field must be a whole number.',
  notAffiliate: 'This affiliate does not exist.',
  /** Approving a held conversion or attaching an orphaned one when its offer's hard cap is full. */
  capFull: "This conversion would pass a hard cap of its offer for this period: raise the cap, or leave the conversion as it is.",
} as const;

export const capSchema = z.object({
  id: z.number(),
  offer_id: z.number(),
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  metric: z.enum(capMetrics),
  period: z.enum(capPeriods),
  /** Clicks or conversions; dollars for payout. */
  limit: z.number(),
  mode: z.enum(capModes),
  alert_percent: z.number(),
  /** Taken in the current period (dollars for payout). */
  used: z.number(),
  /** A hard cap that is full this period: its limit reached, or a conversion refused for want of room (a payout cap). Its offer's clicks go to the fallback. */
  full: z.boolean(),
  /** When the current period ends and the cap reopens (null for a total cap). */
  resets_at: z.string().nullable(),
  created_at: z.string(),
});
export type Cap = z.infer<typeof capSchema>;

export const capInputSchema = z
  .object({
    metric: choice(capMetrics),
    period: choice(capPeriods),
    limit: required(moneyAmount({ trim: true, zero: false, max: 1_000_000_000 })),
    mode: optional(z.enum(capModes, { error: m.invalid }), 'hard' as const)
      .optional()
      .transform((v) => v ?? 'hard'),
    alert_percent: optional(percentage())
      .optional()
      .transform((v) => v ?? DEFAULT_CAP_ALERT_PERCENT),
    affiliate_id: optionalSelectId().optional(),
  })
  .refine((v) => v.metric === 'payout' || typeof v.limit !== 'number' || Number.isInteger(v.limit), { message: capMessages.wholeNumber, path: ['limit'] });
export type CapInput = z.input<typeof capInputSchema>;

export const capReplySchema = z.object({ data: capSchema, message: z.string().optional() });
export const capListReplySchema = z.object({ data: z.array(capSchema) });

/** What an affiliate sees on an offer a hard cap has closed for them: until when. */
export const offerCappedSchema = z.object({ metric: z.enum(capMetrics), period: z.enum(capPeriods), reopens_at: z.string().nullable() });
export type OfferCapped = z.infer<typeof offerCappedSchema>;
