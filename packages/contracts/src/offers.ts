import { z } from 'zod';
import { choice, optionalSelectId, selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { idText } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { payoutAmount } from './rules/numbers.ts';
import { nameText, text } from './rules/text.ts';
import { siteUrl } from './rules/urls.ts';
import { uploadedFileSchema } from './announcements.ts';
import { offerCappedSchema } from './caps.ts';
import { landingPageSchema } from './landing-pages.ts';
import { listReply } from './reply.ts';
import { cpaGoals, payoutTypes } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

export const customPayoutSchema = z.object({
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  tier: z.object({ id: z.number(), name: z.string() }).nullable(),
  amount: z.number(),
});

export const offerSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  site: z.object({ id: z.number(), name: z.string(), display_name: z.string() }),
  landing_page: landingPageSchema.nullable(),
  payout_type: z.enum(payoutTypes),
  goal: z.enum(cpaGoals),
  /** Dollars for cpa, percent for revshare. */
  default_payout: z.number(),
  /** For affiliates: what they are paid (custom, tier or default). */
  your_payout: z.number().optional(),
  status: z.enum(['active', 'archived']),
  /** Where a click goes when it cannot go to the offer (archived, capped, affiliate inactive); null: the site's, then the network's. */
  fallback_url: z.string().nullable(),
  /** Its own logo, or its site's first logo when it has none (creatives). */
  logo: uploadedFileSchema.nullable().optional(),
  custom_payouts: z.array(customPayoutSchema).optional(),
  /** For affiliates: a hard cap has closed the offer for them this period, and when it reopens (docs/caps.md). */
  capped: offerCappedSchema.nullable().optional(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerInputSchema = z
  .object({
    site_id: selectId(),
    name: required(nameText({ max: 150 })),
    description: optional(text({ max: 5000 }), '').optional().transform((v) => v ?? ''),
    payout_type: choice(payoutTypes),
    goal: optional(z.enum(cpaGoals, { error: m.invalid }), 'sale' as const)
      .optional()
      .transform((v) => v ?? 'sale'),
    default_payout: required(payoutAmount()),
    landing_page_id: optionalSelectId().optional(),
    fallback_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  })
  .refine((v) => v.payout_type !== 'revshare' || v.default_payout <= 100, { message: m.percentage, path: ['default_payout'] });
export type OfferInput = z.input<typeof offerInputSchema>;

export const customPayoutsInputSchema = z.object({
  affiliates: z.array(z.object({ affiliate_id: selectId(), amount: required(payoutAmount()) })).default([]),
  tiers: z.array(z.object({ tier_id: selectId(), amount: required(payoutAmount()) })).default([]),
});

export const offerSortFields = ['site', 'name', 'default_payout', 'created_at', 'id'] as const;
/** Affiliates always see active offers only; staff choose. `search` matches the name, part of it. */
export const offersQuerySchema = listQuerySchema(
  {
    site_id: idText().optional(),
    status: z.enum(['active', 'archived', 'all'], { error: m.invalid }).optional().default('active'),
    search: z.string({ error: m.invalid }).trim().max(100, m.invalid).optional(),
  },
  { sort: offerSortFields, defaultSort: 'site' },
);
export type OffersQuery = z.output<typeof offersQuerySchema>;
export type OffersQueryInput = z.input<typeof offersQuerySchema>;
export const offerArchiveRequestSchema = z.object({ archived: z.boolean().optional().default(true) }).nullish();
export const offerReplySchema = z.object({ data: offerSchema, message: z.string().optional() });
export const offerListReplySchema = listReply(offerSchema);
