import { z } from 'zod';
import { id } from './rules/ids.ts';
import { CREATIVE_ID_PATTERN } from './links.ts';
import { deviceClasses } from './tracking.ts';

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
export const statisticsGroupBy = ['date', 'offer', 'site', 'campaign', 'country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative', 'affiliate'] as const;
export const statisticsQuerySchema = z.object({
  from: ymd,
  to: ymd,
  site_id: id().optional(),
  offer_id: id().optional(),
  campaign_id: id().optional(),
  affiliate_id: id().optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).optional(),
  device: z.enum(deviceClasses).optional(),
  sub1: z.string().max(255).optional(),
  sub2: z.string().max(255).optional(),
  sub3: z.string().max(255).optional(),
  sub4: z.string().max(255).optional(),
  sub5: z.string().max(255).optional(),
  /** A creative id (`scene:12`, `banner:3`): only clicks of links made from it. */
  creative: z.string().regex(CREATIVE_ID_PATTERN).optional(),
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
