import type { Dashboard } from '@portal/contracts';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offers, statsDailyTotals, users } from '../../db/schema/index.ts';
import { isStaffScope, type Scope, scopeCondition } from '../../lib/scope.ts';
import { balanceCents } from '../ledger/index.ts';
import { rollupSums, totalsRollup } from '../tracking/index.ts';
import { addDays, daysBetween, statsDay } from '../../lib/days.ts';
import { type ReportView, revenueCostMargin } from './service.ts';

const totals = rollupSums(totalsRollup, ['clicks', 'uniqueClicks', 'conversions', 'earningsCents', 'revenueCents', 'commissionCents', 'bonusCents']);
type Totals = { [K in keyof typeof totals]: string | number };

function within(scope: Scope, from: string, to: string): SQL | undefined {
  return and(gte(statsDailyTotals.day, from), lte(statsDailyTotals.day, to), scopeCondition(scope, statsDailyTotals.affiliateId));
}

/** The network's figures for staff with statistics; nothing at all (no keys) for anyone else. */
const figuresOf = (r: Totals | undefined, view: ReportView) =>
  view.figures ? revenueCostMargin({ earningsCents: r?.earningsCents ?? 0, revenueCents: r?.revenueCents ?? 0, commissionCents: r?.commissionCents ?? 0, bonusCents: r?.bonusCents ?? 0 }) : {};

/** The summed figures of the days from `from` to `to` (both included) out of one read's daily rows. */
function period(byDay: Map<string, Totals>, from: string, to: string, view: ReportView) {
  const s = { clicks: 0, uniqueClicks: 0, conversions: 0, earningsCents: 0, revenueCents: 0, commissionCents: 0, bonusCents: 0 };
  for (const d of daysBetween(from, to)) {
    const r = byDay.get(d);
    if (r) for (const k of Object.keys(s) as Array<keyof typeof s>) s[k] += Number(r[k]);
  }
  return { clicks: s.clicks, unique_clicks: s.uniqueClicks, conversions: s.conversions, earnings: s.earningsCents / 100, ...figuresOf(s, view) };
}

/**
 * Today, yesterday, this month, last month (Los Angeles days), a 30-day chart and the top offers or
 * affiliates; `view.figures` (staff with statistics) adds revenue, cost and margin to the periods and the chart.
 * The figures come from `dbs.reports` (the read replica while it is fresh), an affiliate's balance
 * from `dbs.primary`: a balance always reads the primary. One `Db` serves both.
 */
export async function dashboard(dbs: Db | { reports: Db; primary: Db }, scope: Scope, view: ReportView, now = new Date()): Promise<Dashboard> {
  const { reports: db, primary } = 'reports' in dbs ? dbs : { reports: dbs, primary: dbs };
  if (scope.kind === 'affiliate' && view.figures) throw new Error('An affiliate never sees the network figures.');
  const today = statsDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  const chartFrom = addDays(today, -29);
  // One read of the daily rows from the earlier of last month's start and the chart's: the four
  // periods and the chart are summed from it. The top lists and the balance are read beside it.
  const from = chartFrom < lastMonthStart ? chartFrom : lastMonthStart;
  const [daily, topOffers, topAffiliates, balance] = await Promise.all([
    db.select({ day: statsDailyTotals.day, ...totals }).from(statsDailyTotals).where(within(scope, from, today)).groupBy(statsDailyTotals.day),
    db
      .select({ id: statsDailyTotals.offerId, name: offers.name, ...totals })
      .from(statsDailyTotals)
      .innerJoin(offers, eq(offers.id, statsDailyTotals.offerId))
      .where(within(scope, chartFrom, today))
      .groupBy(statsDailyTotals.offerId, offers.name)
      .orderBy(desc(sql`sum(${statsDailyTotals.earningsCents})`), desc(sql`sum(${statsDailyTotals.clicks})`))
      .limit(5),
    isStaffScope(scope)
      ? db
          .select({ id: statsDailyTotals.affiliateId, name: users.name, ...totals })
          .from(statsDailyTotals)
          .innerJoin(users, eq(users.id, statsDailyTotals.affiliateId))
          .where(within(scope, chartFrom, today))
          .groupBy(statsDailyTotals.affiliateId, users.name)
          .orderBy(desc(sql`sum(${statsDailyTotals.earningsCents})`), desc(sql`sum(${statsDailyTotals.clicks})`))
          .limit(5)
      : Promise.resolve([]),
    scope.kind === 'affiliate' ? balanceCents(primary, scope.affiliateId).then((c) => c / 100) : Promise.resolve(null),
  ]);
  const byDay = new Map<string, Totals>(daily.map((d) => [d.day, d]));
  const [t, y, m, lm] = [
    period(byDay, today, today, view),
    period(byDay, addDays(today, -1), addDays(today, -1), view),
    period(byDay, monthStart, today, view),
    period(byDay, lastMonthStart, lastMonthEnd, view),
  ];
  const chart = daysBetween(chartFrom, today).map((d) => {
    const r = byDay.get(d);
    return { date: d, clicks: Number(r?.clicks ?? 0), conversions: Number(r?.conversions ?? 0), earnings: Number(r?.earningsCents ?? 0) / 100, ...figuresOf(r, view) };
  });
  const rank = (r: { id: number; name: string; clicks: string; conversions: string; earningsCents: string }) => ({
    id: r.id,
    name: r.name,
    clicks: Number(r.clicks),
    conversions: Number(r.conversions),
    earnings: Number(r.earningsCents) / 100,
  });
  return {
    // A manager reads the staff dashboard, limited to their affiliates.
    scope: isStaffScope(scope) ? 'network' : 'affiliate',
    ...(scope.kind === 'managed' ? { assigned_only: true } : {}),
    periods: { today: t, yesterday: y, this_month: m, last_month: lm },
    balance,
    chart,
    top_offers: topOffers.map(rank),
    top_affiliates: topAffiliates.map(rank),
  };
}
