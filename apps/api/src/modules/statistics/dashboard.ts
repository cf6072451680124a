import { dashboardReplySchema, errorReplySchema } from '@portal/contracts';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { offers, statsDailyTotals, users } from '../../db/schema/index.ts';
import { balanceCents } from '../ledger/balance.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { addDays, daysBetween, statsDay } from '../tracking/day.ts';
import { rollupSums, totalsRollup } from '../tracking/rollup.ts';

const totals = rollupSums(totalsRollup, ['clicks', 'uniqueClicks', 'conversions', 'earningsCents']);

function scope(affiliateId: number | undefined, from: string, to: string): SQL | undefined {
  return and(gte(statsDailyTotals.day, from), lte(statsDailyTotals.day, to), affiliateId === undefined ? undefined : eq(statsDailyTotals.affiliateId, affiliateId));
}

async function period(db: Db, affiliateId: number | undefined, from: string, to: string) {
  const [r] = await db.select(totals).from(statsDailyTotals).where(scope(affiliateId, from, to));
  return { clicks: Number(r?.clicks ?? 0), unique_clicks: Number(r?.uniqueClicks ?? 0), conversions: Number(r?.conversions ?? 0), earnings: Number(r?.earningsCents ?? 0) / 100 };
}

/** Today, yesterday, this month, last month (Los Angeles days), a 30-day chart and the top offers or affiliates. */
export async function dashboard(db: Db, affiliateId: number | undefined, now = new Date()) {
  const today = statsDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  const chartFrom = addDays(today, -29);
  const [t, y, m, lm] = await Promise.all([
    period(db, affiliateId, today, today),
    period(db, affiliateId, addDays(today, -1), addDays(today, -1)),
    period(db, affiliateId, monthStart, today),
    period(db, affiliateId, lastMonthStart, lastMonthEnd),
  ]);
  const daily = await db.select({ day: statsDailyTotals.day, ...totals }).from(statsDailyTotals).where(scope(affiliateId, chartFrom, today)).groupBy(statsDailyTotals.day);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const chart = daysBetween(chartFrom, today).map((d) => {
    const r = byDay.get(d);
    return { date: d, clicks: Number(r?.clicks ?? 0), conversions: Number(r?.conversions ?? 0), earnings: Number(r?.earningsCents ?? 0) / 100 };
  });
  const topOffers = await db
    .select({ id: statsDailyTotals.offerId, name: offers.name, ...totals })
    .from(statsDailyTotals)
    .innerJoin(offers, eq(offers.id, statsDailyTotals.offerId))
    .where(scope(affiliateId, chartFrom, today))
    .groupBy(statsDailyTotals.offerId, offers.name)
    .orderBy(desc(sql`sum(${statsDailyTotals.earningsCents})`), desc(sql`sum(${statsDailyTotals.clicks})`))
    .limit(5);
  const topAffiliates =
    affiliateId === undefined
      ? await db
          .select({ id: statsDailyTotals.affiliateId, name: users.name, ...totals })
          .from(statsDailyTotals)
          .innerJoin(users, eq(users.id, statsDailyTotals.affiliateId))
          .where(scope(undefined, chartFrom, today))
          .groupBy(statsDailyTotals.affiliateId, users.name)
          .orderBy(desc(sql`sum(${statsDailyTotals.earningsCents})`), desc(sql`sum(${statsDailyTotals.clicks})`))
          .limit(5)
      : [];
  let balance: number | null = null;
  if (affiliateId !== undefined) {
    balance = (await balanceCents(db, affiliateId)) / 100;
  }
  const rank = (r: { id: number; name: string; clicks: string; conversions: string; earningsCents: string }) => ({
    id: r.id,
    name: r.name,
    clicks: Number(r.clicks),
    conversions: Number(r.conversions),
    earnings: Number(r.earningsCents) / 100,
  });
  return {
    scope: affiliateId === undefined ? ('network' as const) : ('affiliate' as const),
    periods: { today: t, yesterday: y, this_month: m, last_month: lm },
    balance,
    chart,
    top_offers: topOffers.map(rank),
    top_affiliates: topAffiliates.map(rank),
  };
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/dashboard',
    {
      onRequest: requireAuth(app, { permission: 'dashboard' }),
      schema: {
        tags: ['statistics'],
        summary: "Affiliates: their periods, balance, 30-day chart and top offers; staff: the network's, with top affiliates",
        security: [{ bearer: [] }],
        response: { 200: dashboardReplySchema, 401: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => ({ data: await dashboard(app.db, request.auth!.isClient ? request.auth!.id : undefined) }),
  );
};
