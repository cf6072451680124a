import { z } from 'zod';
import { calendarDay } from './rules/dates.ts';
import { id } from './rules/ids.ts';
import { CREATIVE_ID_PATTERN } from './links.ts';
import { deviceClasses } from './tracking.ts';

const ymd = calendarDay();
export const statisticsGroupBy = ['date', 'offer', 'site', 'campaign', 'country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative', 'affiliate'] as const;
/** What the report may be sorted by: its first column (`key`: the day or the group's name) or a figure. */
export const statisticsSortKeys = ['key', 'clicks', 'unique_clicks', 'conversions', 'signups', 'sales', 'rebills', 'refunds', 'chargebacks', 'earnings', 'ratio', 'epc', 'revenue', 'cost', 'margin'] as const;
export type StatisticsSort = (typeof statisticsSortKeys)[number];
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
  /** Without it: days in order, groups by earnings (most first). Revenue, cost and margin sort staff's reports only. */
  sort: z.enum(statisticsSortKeys).optional(),
  /** A sort without an order is ascending. */
  order: z.enum(['asc', 'desc']).optional(),
});
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

/**
 * A report row as an affiliate sees it. Strict: nothing beyond these keys is ever sent to an
 * affiliate (the network's figures below are staff's alone).
 */
export const statisticsRowSchema = z.strictObject({
  date: z.string().optional(),
  key: z.string().optional(),
  label: z.string().optional(),
  clicks: z.number(),
  unique_clicks: z.number(),
  /** Clicks screening found valid, and those it found invalid (counted in `clicks`, never unique), per reason. */
  valid_clicks: z.number(),
  invalid_clicks: z.number(),
  invalid_by_reason: z.strictObject({ bot: z.number(), datacenter: z.number(), repeat: z.number(), burst: z.number() }),
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

/**
 * The network's own figures, in dollars (two decimals), for staff with the statistics permission only:
 * `revenue` what sites reported (USD; refunds and chargebacks subtract what they refunded), `cost`
 * what affiliates were paid for it (earnings net of reversals, referral commissions, bonuses and
 * adjustments), `margin` revenue minus cost. Never in an affiliate's reply, not even as null.
 */
export const networkFiguresShape = {
  revenue: z.number().describe('What sites reported, in USD (refunds and chargebacks subtract); staff with statistics only'),
  cost: z.number().describe('Affiliate earnings net of reversals, referral commissions, bonuses and adjustments; staff with statistics only'),
  margin: z.number().describe('Revenue minus cost; staff with statistics only'),
};
/** The keys only staff with the statistics permission receive (the authorization table names them too). */
export const networkFigureKeys = ['revenue', 'cost', 'margin'] as const;
export type NetworkFigures = { revenue: number; cost: number; margin: number };

export const networkStatisticsRowSchema = statisticsRowSchema.extend(networkFiguresShape);
export type NetworkStatisticsRow = z.infer<typeof networkStatisticsRowSchema>;

const statisticsMeta = { from: z.string(), to: z.string(), group_by: z.string() };
/** Staff's reply (with the network's figures) or an affiliate's (without): two shapes, never one with empty keys. */
export const statisticsReplySchema = z.union([
  z.object({ data: z.array(networkStatisticsRowSchema), meta: z.object({ totals: networkStatisticsRowSchema, ...statisticsMeta }) }),
  z.object({ data: z.array(statisticsRowSchema), meta: z.object({ totals: statisticsRowSchema, ...statisticsMeta }) }),
]);
export type StatisticsReply = z.infer<typeof statisticsReplySchema>;

const periodTotals = z.strictObject({ clicks: z.number(), unique_clicks: z.number(), conversions: z.number(), earnings: z.number() });
const chartPoint = z.strictObject({ date: z.string(), clicks: z.number(), conversions: z.number(), earnings: z.number() });
const ranked = z.array(z.object({ id: z.number(), name: z.string(), clicks: z.number(), conversions: z.number(), earnings: z.number() }));
const dashboardShape = <P extends z.ZodType, C extends z.ZodType>(period: P, point: C) =>
  z.object({
    scope: z.enum(['affiliate', 'network']),
    /** Staff of a role limited to assigned affiliates: the figures are those of their affiliates only. */
    assigned_only: z.boolean().optional(),
    periods: z.object({ today: period, yesterday: period, this_month: period, last_month: period }),
    /** Affiliates: everything earned and not yet paid out, dollars. */
    balance: z.number().nullable(),
    chart: z.array(point),
    top_offers: ranked,
    top_affiliates: ranked,
  });
/** Staff with the statistics permission: every period and chart day carries the network's figures. */
export const networkDashboardSchema = dashboardShape(periodTotals.extend(networkFiguresShape), chartPoint.extend(networkFiguresShape));
export const dashboardReplySchema = z.object({ data: z.union([networkDashboardSchema, dashboardShape(periodTotals, chartPoint)]) });
export type Dashboard = z.infer<typeof dashboardReplySchema>['data'];
export type NetworkDashboard = z.infer<typeof networkDashboardSchema>;
