import { clickInvalidReasons, type NetworkStatisticsRow, type StatisticsRow, type statisticsQuerySchema, validationMessages } from '@portal/contracts';
import { and, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { campaigns, offers, sites, statsDaily, users } from '../../db/schema/index.ts';
import { creativeLabels } from '../catalogue/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { type Scope, scopeCondition } from '../../lib/scope.ts';
import { counterNames, invalidClickCounterOf, type Rollup, rollupSums, totalsRollup, zeroCounters } from '../tracking/index.ts';
import { daysBetween } from '../../lib/days.ts';

type Query = z.output<typeof statisticsQuerySchema>;
export const MAX_RANGE_DAYS = 366;

const sumsOf = (t: Rollup) => rollupSums(t, counterNames);
type Sums = { [K in keyof ReturnType<typeof sumsOf>]: string | number };
const sums = sumsOf(statsDaily);

/** Who the report is for beyond its scope: `figures` adds the network's revenue, cost and margin (staff with statistics). */
export interface ReportView {
  figures: boolean;
}
const affiliateView: ReportView = { figures: false };

/**
 * The network's figures of summed counters, in dollars: revenue as sites reported it; cost what
 * affiliates were paid (earnings net of reversals, referral commissions, bonuses and adjustments);
 * margin the difference. Worked out in cents, so the three always agree to the cent.
 */
export function revenueCostMargin(s: Pick<Sums, 'earningsCents' | 'revenueCents' | 'commissionCents' | 'bonusCents'>): { revenue: number; cost: number; margin: number } {
  const revenue = Number(s.revenueCents);
  const cost = Number(s.earningsCents) + Number(s.commissionCents) + Number(s.bonusCents);
  return { revenue: revenue / 100, cost: cost / 100, margin: (revenue - cost) / 100 };
}

/** Turns summed counters into a report row with ratio (conversions per 100 unique clicks) and EPC; with the network's figures for staff. */
export function toRow(s: Sums, view: ReportView = affiliateView): StatisticsRow | NetworkStatisticsRow {
  const n = (v: string | number) => Number(v);
  const clicks = n(s.clicks);
  const unique = n(s.uniqueClicks);
  const conversions = n(s.conversions);
  const cents = n(s.earningsCents);
  const invalid = Object.fromEntries(clickInvalidReasons.map((r) => [r, n(s[invalidClickCounterOf[r]])])) as StatisticsRow['invalid_by_reason'];
  const invalidClicks = clickInvalidReasons.reduce((sum, r) => sum + invalid[r], 0);
  const row: StatisticsRow = {
    clicks,
    unique_clicks: unique,
    valid_clicks: clicks - invalidClicks,
    invalid_clicks: invalidClicks,
    invalid_by_reason: invalid,
    conversions,
    signups: n(s.signups),
    sales: n(s.sales),
    rebills: n(s.rebills),
    refunds: n(s.refunds),
    chargebacks: n(s.chargebacks),
    earnings: cents / 100,
    ratio: unique > 0 ? Math.round((conversions / unique) * 10000) / 100 : 0,
    epc: clicks > 0 ? Math.round((cents / clicks) * 100) / 10000 : 0,
  };
  // An affiliate's row has no such keys at all, not even empty ones.
  return view.figures ? { ...row, ...revenueCostMargin(s) } : row;
}

const emptySums: Sums = zeroCounters();

const detailKeys = ['country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative'] as const;

/** The small totals rollup answers whenever country, device and sub IDs are neither filtered nor grouped. */
export function rollupFor(q: Pick<Query, (typeof detailKeys)[number] | 'group_by'>): Rollup {
  const needsDetail = detailKeys.some((k) => q[k] !== undefined) || (detailKeys as readonly string[]).includes(q.group_by);
  return needsDetail ? statsDaily : totalsRollup;
}

function filters(t: Rollup, q: Query, scope: Scope): SQL[] {
  const where: SQL[] = [gte(t.day, q.from), lte(t.day, q.to)];
  // An affiliate's own id, always (a client-sent affiliate_id is ignored); a manager's affiliates only.
  const scoped = scopeCondition(scope, t.affiliateId);
  if (scoped) where.push(scoped);
  if (scope.kind !== 'affiliate' && q.affiliate_id !== undefined) where.push(eq(t.affiliateId, q.affiliate_id));
  // An affiliate's traffic always has an offer; the rows without one hold the network's cost
  // (their commissions and bonuses), which their report does not show.
  if (scope.kind === 'affiliate') where.push(ne(t.offerId, 0));
  if (q.site_id) where.push(eq(t.siteId, q.site_id));
  if (q.offer_id) where.push(eq(t.offerId, q.offer_id));
  if (q.campaign_id) where.push(eq(t.campaignId, q.campaign_id));
  if (q.country) where.push(eq(t.country, q.country));
  if (q.device) where.push(eq(t.device, q.device));
  for (const k of ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative'] as const) {
    const v = q[k];
    if (v !== undefined) where.push(eq(t[k], v));
  }
  return where;
}

const groupColumn = (t: Rollup) =>
  ({
    offer: t.offerId,
    site: t.siteId,
    campaign: t.campaignId,
    country: t.country,
    device: t.device,
    sub1: t.sub1,
    sub2: t.sub2,
    sub3: t.sub3,
    sub4: t.sub4,
    sub5: t.sub5,
    creative: t.creative,
    affiliate: t.affiliateId,
  }) as const;

async function labels(db: Db, groupBy: Query['group_by'], keys: string[]): Promise<Map<string, string>> {
  if (groupBy === 'creative') return creativeLabels(db, keys);
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const table = groupBy === 'offer' ? offers : groupBy === 'site' ? sites : groupBy === 'campaign' ? campaigns : groupBy === 'affiliate' ? users : undefined;
  if (!table) return out;
  const nameCol = table === sites ? sites.displayName : table === users ? users.name : table === offers ? offers.name : campaigns.name;
  const rows = await db.select({ id: table.id, name: nameCol }).from(table).where(sql`${table.id} in ${ids}`);
  for (const r of rows) out.set(String(r.id), r.name);
  return out;
}

export interface Report {
  rows: Array<StatisticsRow | NetworkStatisticsRow>;
  totals: StatisticsRow | NetworkStatisticsRow;
  /** The query as answered: an affiliate's grouping by affiliate is answered by date. */
  query: Query;
}

/**
 * The report of SPEC.md's Statistics page, read from the daily rollup only: one row per day
 * (every day of the range, zeros included), or per offer, site, campaign, country, device, sub ID.
 * An affiliate's scope limits it to their own figures (and never groups by affiliate); a
 * manager's to their assigned affiliates; staff may pick one affiliate within their scope.
 * `view.figures` (staff with statistics only) adds revenue, cost and margin to every row and the
 * totals; the network's money without an offer, site or affiliate (orphaned conversions' revenue,
 * commissions, bonuses) shows as a group of its own ("No offer").
 */
export async function report(db: Db, scope: Scope, query: Query, view: ReportView = affiliateView): Promise<Report> {
  if (scope.kind === 'affiliate' && view.figures) throw new Error('An affiliate never sees the network figures.');
  const q = scope.kind === 'affiliate' && query.group_by === 'affiliate' ? { ...query, group_by: 'date' as const } : query;
  // SPEC.md section 5's message on both fields: the screen marks the pair.
  if (q.from > q.to) throw new ValidationError({ from: [validationMessages.invalid], to: [validationMessages.invalid] });
  const days = daysBetween(q.from, q.to);
  if (days.length > MAX_RANGE_DAYS) throw new ValidationError({ to: [`Choose a range of at most ${MAX_RANGE_DAYS} days.`] });
  const t = rollupFor(q);
  const where = and(...filters(t, q, scope));
  const tSums = sumsOf(t);

  if (q.group_by === 'date') {
    const rows = await db.select({ key: t.day, ...tSums }).from(t).where(where).groupBy(t.day);
    const byDay = new Map(rows.map((r) => [r.key, r]));
    const out = days.map((d) => ({ date: d, ...toRow(byDay.get(d) ?? emptySums, view) }));
    return { rows: sortRows(out, q, view), totals: total(rows, view), query: q };
  }
  const col = groupColumn(t)[q.group_by];
  const rows = await db
    .select({ key: sql<string>`${col}::text`, ...tSums })
    .from(t)
    .where(where)
    .groupBy(col)
    .orderBy(sql`sum(${t.earningsCents}) desc`, sql`sum(${t.clicks}) desc`);
  const names = await labels(db, q.group_by, rows.map((r) => r.key));
  const noneLabel = noneLabels[q.group_by] ?? '(none)';
  return {
    rows: sortRows(
      rows.map((r) => ({ key: r.key, label: names.get(r.key) ?? (r.key === '' || r.key === '0' ? noneLabel : r.key), ...toRow(r, view) })),
      q,
      view,
    ),
    totals: total(rows, view),
    query: q,
  };
}

/**
 * The rows in the order asked (`sort`, `order`; ascending when only `sort` is given), else as they are:
 * days in order, groups by earnings. Ties keep that order. The network's figures sort staff's reports
 * only: an affiliate's sort by them is ignored, so the order cannot tell them anything.
 */
function sortRows<R extends StatisticsRow & Partial<Record<'revenue' | 'cost' | 'margin', number>>>(rows: R[], q: Query, view: ReportView): R[] {
  const by = q.sort;
  if (!by || (!view.figures && (by === 'revenue' || by === 'cost' || by === 'margin'))) return rows;
  const dir = q.order === 'desc' ? -1 : 1;
  const keyOf = (r: R) => r.date ?? r.label ?? r.key ?? '';
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const c = by === 'key' ? keyOf(a.r).localeCompare(keyOf(b.r)) : Number(a.r[by] ?? 0) - Number(b.r[by] ?? 0);
      return c !== 0 ? c * dir : a.i - b.i;
    })
    .map(({ r }) => r);
}

/** The label of a group without a value: no campaign, no creative, an unknown country; staff's money with no offer, site or affiliate. */
const noneLabels: Partial<Record<Query['group_by'], string>> = { campaign: 'No campaign', creative: 'No creative', country: 'Unknown', offer: 'No offer', site: 'No site', affiliate: 'No affiliate' };

function total(rows: Sums[], view: ReportView): StatisticsRow | NetworkStatisticsRow {
  const t = { ...emptySums } as Record<keyof Sums, number>;
  for (const r of rows) for (const k of Object.keys(sums) as Array<keyof Sums>) t[k] += Number(r[k]);
  return toRow(t, view);
}

