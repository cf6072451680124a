import { z } from 'zod';
import { choice, optionalSelectId, selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { payoutAmount } from './rules/numbers.ts';
import { text } from './rules/text.ts';
import { siteUrl } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

export const payoutTypes = ['cpa', 'revshare'] as const;
export type PayoutType = (typeof payoutTypes)[number];
export const conversionTypes = ['signup', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export type ConversionType = (typeof conversionTypes)[number];
export const cpaGoals = ['signup', 'sale'] as const;
export const deviceClasses = ['desktop', 'mobile', 'tablet', 'vr'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** A money or percentage amount with at most two decimals (dollars for cpa, percent for revshare). */
export const twoDecimalAmount = z.coerce
  .number({ error: m.invalid })
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.invalid);

// ---- Sites ----
export const siteSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  url: z.string(),
  description: z.string(),
  type: z.string(),
  manager: z.object({ id: z.number(), name: z.string() }).nullable(),
  models_api_url: z.string().nullable(),
  scenes_api_url: z.string().nullable(),
  message: z.string(),
  /** Staff only: the first characters of the site's API key. */
  api_key_prefix: z.string().nullable().optional(),
  created_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteInputSchema = z.object({
  name: required(text({ max: 100 })).pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')),
  display_name: required(text({ max: 150 })),
  url: required(siteUrl()),
  description: optional(text({ max: 5000 }), '').optional().transform((v) => v ?? ''),
  type: optional(text({ max: 32 }), 'vr').optional().transform((v) => v ?? 'vr'),
  manager_id: optionalSelectId().optional(),
  models_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  scenes_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  message: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
});
export type SiteInput = z.input<typeof siteInputSchema>;

/** Create and rotate answer the key once; it is never shown again. */
export const siteWithKeyReplySchema = z.object({ data: siteSchema.extend({ api_key: z.string() }) });

// ---- Landing pages ----
export const landingPageSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  language: z.string(),
  rating: z.number(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;
export const landingPageInputSchema = z.object({
  site_id: selectId(),
  name: required(text({ max: 150 })),
  url: required(siteUrl()),
  description: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
  language: optional(text({ max: 8 }), 'en').optional().transform((v) => v ?? 'en'),
  rating: z.coerce.number().int().min(0).max(5).optional().default(0),
});

// ---- Offers ----
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
  custom_payouts: z.array(customPayoutSchema).optional(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerInputSchema = z
  .object({
    site_id: selectId(),
    name: required(text({ max: 150 })),
    description: optional(text({ max: 5000 }), '').optional().transform((v) => v ?? ''),
    payout_type: choice(payoutTypes),
    goal: optional(z.enum(cpaGoals, { error: m.invalid }), 'sale' as const)
      .optional()
      .transform((v) => v ?? 'sale'),
    default_payout: required(payoutAmount()),
    landing_page_id: optionalSelectId().optional(),
  })
  .refine((v) => v.payout_type !== 'revshare' || v.default_payout <= 100, { message: m.percentage, path: ['default_payout'] });
export type OfferInput = z.input<typeof offerInputSchema>;

export const customPayoutsInputSchema = z.object({
  affiliates: z.array(z.object({ affiliate_id: selectId(), amount: required(payoutAmount()) })).default([]),
  tiers: z.array(z.object({ tier_id: selectId(), amount: required(payoutAmount()) })).default([]),
});

// ---- Tracking links ----
const subId = z.string().trim().max(255).optional();
export const trackingLinkRequestSchema = z.object({
  landing_page_id: optionalSelectId().optional(),
  campaign_id: optionalSelectId().optional(),
  sub1: subId,
  sub2: subId,
  sub3: subId,
  sub4: subId,
  sub5: subId,
  /** A page of the offer's site to land on instead of a landing page. */
  deep_url: optional(siteUrl()).optional().transform((v) => v ?? null),
});
export type TrackingLinkRequest = z.input<typeof trackingLinkRequestSchema>;
export const trackingLinkReplySchema = z.object({ data: z.object({ url: z.string(), code: z.string() }) });

// ---- Campaigns ----
export const geoTargetSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, m.invalid),
  destination_type: z.enum(['landing_page', 'url']),
  landing_page_id: z.number().int().positive().nullable().optional(),
  url: z.string().nullable().optional(),
});

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  offer: z.object({ id: z.number(), name: z.string() }),
  site: z.object({ id: z.number(), name: z.string(), display_name: z.string() }),
  payout_type: z.enum(payoutTypes),
  destination_type: z.enum(['landing_page', 'url']),
  destination: z.string(),
  landing_page_id: z.number().nullable(),
  destination_url: z.string().nullable(),
  geo_targeting: z.array(geoTargetSchema),
  tracking_url: z.string(),
  date_created: z.string(),
  all_time_earnings: z.number(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignInputSchema = z
  .object({
    name: required(text({ max: 150 })),
    offer_id: selectId(),
    destination_type: choice(['landing_page', 'url']),
    landing_page_id: optionalSelectId().optional(),
    destination_url: optional(siteUrl()).optional().transform((v) => v ?? null),
    geo_targeting: z
      .array(
        z.object({
          country: required(z.string().trim().regex(/^[A-Z]{2}$/, m.invalid)),
          destination_type: choice(['landing_page', 'url']),
          landing_page_id: optionalSelectId().optional(),
          url: optional(siteUrl()).optional().transform((v) => v ?? null),
        }),
      )
      .max(50)
      .optional()
      .default([])
      .refine((list) => new Set(list.map((g) => g.country)).size === list.length, m.unique),
  })
  // `when`: the destination is marked on the first save, together with the other empty fields.
  .refine((v) => v.destination_type !== 'landing_page' || Boolean(v.landing_page_id), { message: m.required, path: ['landing_page_id'], when: () => true })
  .refine((v) => v.destination_type !== 'url' || Boolean(v.destination_url), { message: m.required, path: ['destination_url'], when: () => true });
export type CampaignInput = z.input<typeof campaignInputSchema>;

// ---- Conversions (site to network) ----
export const conversionRequestSchema = z.object({
  cid: z.string().trim().max(64).optional().default(''),
  type: z.enum(conversionTypes, { error: 'type must be one of signup, sale, rebill, refund, chargeback' }),
  amount: twoDecimalAmount.refine((v) => v >= 0, m.positive).optional(),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, m.invalid).optional().default('USD'),
  transaction_id: z.string().trim().min(1, m.required).max(128),
  /** For refunds and chargebacks: the sale or rebill they take back. */
  original_transaction_id: z.string().trim().max(128).optional(),
});
export type ConversionRequest = z.input<typeof conversionRequestSchema>;
export const conversionReplySchema = z.object({
  data: z.object({
    status: z.enum(['accepted', 'duplicate', 'orphaned']),
    conversion_id: z.number(),
    earning: z.number().nullable(),
    reason: z.string().nullable(),
  }),
});

// ---- Statistics ----
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
export const statisticsGroupBy = ['date', 'offer', 'site', 'campaign', 'country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'affiliate'] as const;
export const statisticsQuerySchema = z.object({
  from: ymd,
  to: ymd,
  site_id: z.coerce.number().int().positive().optional(),
  offer_id: z.coerce.number().int().positive().optional(),
  campaign_id: z.coerce.number().int().positive().optional(),
  affiliate_id: z.coerce.number().int().positive().optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).optional(),
  device: z.enum(deviceClasses).optional(),
  sub1: z.string().max(255).optional(),
  sub2: z.string().max(255).optional(),
  sub3: z.string().max(255).optional(),
  sub4: z.string().max(255).optional(),
  sub5: z.string().max(255).optional(),
  group_by: z.enum(statisticsGroupBy).optional().default('date'),
});
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

export const statisticsRowSchema = z.object({
  date: z.string().optional(),
  key: z.string().optional(),
  label: z.string().optional(),
  clicks: z.number(),
  unique_clicks: z.number(),
  conversions: z.number(),
  signups: z.number(),
  sales: z.number(),
  rebills: z.number(),
  refunds: z.number(),
  chargebacks: z.number(),
  /** Dollars, two decimals. */
  earnings: z.number(),
  /** Conversions per 100 unique clicks (percent). */
  ratio: z.number(),
  /** Earnings per click, dollars. */
  epc: z.number(),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;
export const statisticsReplySchema = z.object({ data: z.array(statisticsRowSchema), meta: z.object({ totals: statisticsRowSchema, from: z.string(), to: z.string(), group_by: z.string() }) });

export const trackingMessages = {
  getLinkError: 'Get link error!',
  offerLinkError: 'Error for get offer link!',
  siteCreated: 'Site created successfully',
  siteUpdated: 'Site updated successfully',
  offerCreated: 'Offer created successfully',
  offerUpdated: 'Offer updated successfully',
  offerArchived: 'Offer archived successfully',
  campaignCreated: 'Campaign created successfully',
  campaignUpdated: 'Campaign updated successfully',
  campaignDeleted: 'Campaign deleted successfully',
  badLink: 'This tracking link does not exist or is no longer active.',
  invalidKey: 'The site API key is missing or wrong.',
} as const;

// ---- Dashboard ----
const periodTotals = z.object({ clicks: z.number(), unique_clicks: z.number(), conversions: z.number(), earnings: z.number() });
export const dashboardReplySchema = z.object({
  data: z.object({
    scope: z.enum(['affiliate', 'network']),
    periods: z.object({ today: periodTotals, yesterday: periodTotals, this_month: periodTotals, last_month: periodTotals }),
    /** Affiliates: everything earned and not yet paid out, dollars. */
    balance: z.number().nullable(),
    chart: z.array(z.object({ date: z.string(), clicks: z.number(), conversions: z.number(), earnings: z.number() })),
    top_offers: z.array(z.object({ id: z.number(), name: z.string(), clicks: z.number(), conversions: z.number(), earnings: z.number() })),
    top_affiliates: z.array(z.object({ id: z.number(), name: z.string(), clicks: z.number(), conversions: z.number(), earnings: z.number() })),
  }),
});
export type Dashboard = z.infer<typeof dashboardReplySchema>['data'];
