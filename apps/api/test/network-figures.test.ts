import { readFileSync } from 'node:fs';
import { networkFigureKeys, statisticsGroupBy } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { costKinds } from '../src/modules/tracking/index.ts';
import { statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * The network's own figures (docs/tracking.md, "Revenue, cost and margin"): after a mix of sales,
 * rebills, a partial refund, a chargeback, orphaned conversions, a bonus, an adjustment and referral
 * commissions, the rollup's revenue is the sum of the conversions' USD amounts and its cost the sum
 * of the ledger's cost rows, to the cent, per day, affiliate, site and offer; affiliates never see them.
 */

type Tokens = { access_token: string };
type Row = Record<string, unknown> & { key?: string; date?: string; revenue?: number; cost?: number; margin?: number };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let dashboardOnly: Tokens;
let referrer: { id: number; tokens: Tokens };
let referred: { id: number; tokens: Tokens };
let plain: { id: number; tokens: Tokens };
let rev: Awaited<ReturnType<typeof createCatalogue>>;
let cpa: Awaited<ReturnType<typeof createCatalogue>>;
let ip = 0;
const today = statsDay(new Date());

async function affiliate(referredById: number | null = null) {
  const a = await createAffiliate(t.app);
  if (referredById) await t.app.db.update(users).set({ referredById }).where(eq(users.id, a.id));
  return { id: a.id, tokens: await signIn(t.app, mail, a.email, a.password) };
}

async function visit(who: Tokens, offerId: number): Promise<string> {
  const link = await trackingLink(t.app, who, offerId);
  const v = await click(t.app, link.url, { ip: `10.44.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  return v.cid!;
}

async function report(payload: Record<string, unknown>, apiKey: string, status: string) {
  const res = await convert(t.app, apiKey, payload);
  if (res.statusCode >= 300 || res.json().data.status !== status) throw new Error(`${payload.transaction_id}: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const s = await createStaff(t.app, ['offers', 'affiliates', 'statistics', 'dashboard']);
  staff = await signIn(t.app, mail, s.email, s.password);
  const d = await createStaff(t.app, ['dashboard']);
  dashboardOnly = await signIn(t.app, mail, d.email, d.password);
  rev = await createCatalogue(t.app, staff, { name: 'figvr', payoutType: 'revshare', payout: 35 });
  cpa = await createCatalogue(t.app, staff, { name: 'figcpa', payoutType: 'cpa', payout: 20, goal: 'sale' });
  referrer = await affiliate();
  referred = await affiliate(referrer.id);
  plain = await affiliate();

  // The referred affiliate: a sale and a rebill on revshare (each pays the referrer a commission), then a partial refund.
  const c1 = await visit(referred.tokens, rev.offerId);
  await report({ cid: c1, type: 'sale', amount: '100.00', transaction_id: 'fig-sale-1' }, rev.apiKey, 'accepted');
  await report({ cid: c1, type: 'rebill', amount: '100.00', transaction_id: 'fig-rebill-1' }, rev.apiKey, 'accepted');
  await report({ cid: c1, type: 'refund', amount: '40.00', transaction_id: 'fig-refund-1', original_transaction_id: 'fig-sale-1' }, rev.apiKey, 'accepted');
  const c2 = await visit(referred.tokens, rev.offerId);
  await report({ cid: c2, type: 'sale', amount: '33.33', transaction_id: 'fig-sale-2' }, rev.apiKey, 'accepted');
  // The plain affiliate: a cpa sale charged back, and one that stays.
  const c3 = await visit(plain.tokens, cpa.offerId);
  await report({ cid: c3, type: 'sale', amount: '49.99', transaction_id: 'fig-sale-3' }, cpa.apiKey, 'accepted');
  await report({ cid: c3, type: 'chargeback', amount: '49.99', transaction_id: 'fig-cb-3', original_transaction_id: 'fig-sale-3' }, cpa.apiKey, 'accepted');
  const c4 = await visit(plain.tokens, cpa.offerId);
  await report({ cid: c4, type: 'sale', amount: '59.00', transaction_id: 'fig-sale-4' }, cpa.apiKey, 'accepted');
  // Orphaned: a sale without a click id, and a refund of it; the site still reported them.
  await report({ type: 'sale', amount: '80.00', transaction_id: 'fig-orphan-1' }, rev.apiKey, 'orphaned');
  await report({ type: 'refund', amount: '15.50', transaction_id: 'fig-orphan-refund', original_transaction_id: 'fig-orphan-1' }, rev.apiKey, 'orphaned');
  // Staff's bonus and adjustment.
  for (const payload of [
    { amount: 12.34, reason: 'Top seller' },
    { amount: -2, reason: 'Overpaid', adjustment_reason: 'correction' },
  ]) {
    const res = await t.app.inject({ method: 'POST', url: `/v1/affiliates/${plain.id}/bonus`, headers: bearer(staff), payload });
    if (res.statusCode !== 201) throw new Error(`bonus: ${res.statusCode} ${res.body}`);
  }
  await t.app.conversionWriter.drain();
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Revenue from the raw conversions (refunds and chargebacks subtract), in cents, by a column of conversions. */
async function revenueBy(column: 'day' | 'affiliate' | 'site' | 'offer'): Promise<Map<string, number>> {
  const col = { day: sql`day::text`, affiliate: sql`coalesce(affiliate_id, 0)::text`, site: sql`site_id::text`, offer: sql`coalesce(offer_id, 0)::text` }[column];
  const rows = await rowsOf<{ k: string; cents: string }>(sql`
    SELECT ${col} AS k, sum(CASE WHEN type IN ('refund', 'chargeback') THEN -amount_cents ELSE amount_cents END)::text AS cents
    FROM conversions WHERE status IN ('accepted', 'orphaned', 'reversed') GROUP BY 1`);
  return new Map(rows.map((r) => [r.k, Number(r.cents)]));
}

/** Cost from the raw ledger (earnings net of reversals, commissions, bonuses, adjustments), in cents. */
async function costBy(column: 'day' | 'affiliate' | 'site' | 'offer'): Promise<Map<string, number>> {
  const col = {
    day: sql`e.day::text`,
    affiliate: sql`e.affiliate_id::text`,
    site: sql`coalesce(c.site_id, 0)::text`,
    offer: sql`coalesce(e.offer_id, c.offer_id, 0)::text`,
  }[column];
  const kinds = sql.raw(costKinds.map((k) => `'${k}'`).join(', '));
  const rows = await rowsOf<{ k: string; cents: string }>(sql`
    SELECT ${col} AS k, sum(e.amount_cents)::text AS cents
    FROM ledger_entries e LEFT JOIN conversions c ON c.id = e.conversion_id
    WHERE e.kind IN (${kinds}) GROUP BY 1`);
  return new Map(rows.map((r) => [r.k, Number(r.cents)]));
}

async function get(url: string, who: Tokens) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: unknown; meta?: { totals: Row } };
}

const daily = (who: Tokens, groupBy: string, extra = '') => get(`/v1/statistics/daily?from=${today}&to=${today}&group_by=${groupBy}${extra}`, who) as Promise<{ data: Row[]; meta: { totals: Row } }>;

const cents = (dollars: number | undefined) => Math.round((dollars ?? NaN) * 100);

/** Every key anywhere in a reply. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

describe("the network's figures reconcile to the cent", () => {
  it('the mix moved the money it should: revenue, cost and a positive margin', async () => {
    const revenue = [...(await revenueBy('day')).values()].reduce((a, b) => a + b, 0);
    const cost = [...(await costBy('day')).values()].reduce((a, b) => a + b, 0);
    // 100 + 100 − 40 + 33.33 + 49.99 − 49.99 + 59 + 80 − 15.50
    expect(revenue).toBe(31_683);
    // Earnings 35 + 35 − 14 + 11.67 (revshare) + 20 − 20 + 20 (cpa), commissions on the referred's net earnings, bonus 12.34 − 2.
    expect(cost).toBeGreaterThan(10_000);
    const { meta } = await daily(staff, 'date');
    expect(cents(meta.totals.revenue)).toBe(revenue);
    expect(cents(meta.totals.cost)).toBe(cost);
    expect(cents(meta.totals.margin)).toBe(revenue - cost);
    expect(meta.totals.margin).toBeGreaterThan(0);
  });

  for (const [groupBy, column] of [
    ['date', 'day'],
    ['affiliate', 'affiliate'],
    ['site', 'site'],
    ['offer', 'offer'],
  ] as const) {
    it(`per ${column}: the rollup's revenue is the conversions' and its cost the ledger's`, async () => {
      const [revenue, cost, reply] = await Promise.all([revenueBy(column), costBy(column), daily(staff, groupBy)]);
      const byKey = new Map(reply.data.map((r) => [r.date ?? r.key!, r]));
      const keys = [...new Set([...revenue.keys(), ...cost.keys()])].sort();
      expect(keys.length).toBeGreaterThan(groupBy === 'date' ? 0 : 2);
      const fromRollup = keys.map((key) => {
        const row = byKey.get(key);
        return { key, revenue: cents(row?.revenue), cost: cents(row?.cost), margin: cents(row?.margin) };
      });
      const fromRaw = keys.map((key) => {
        const r = revenue.get(key) ?? 0;
        const c = cost.get(key) ?? 0;
        return { key, revenue: r, cost: c, margin: r - c };
      });
      expect(fromRollup).toEqual(fromRaw);
    });
  }

  it('per affiliate: commissions count for the referrer, bonuses and adjustments for their affiliate, orphaned revenue for no affiliate', async () => {
    const { data } = await daily(staff, 'affiliate');
    const row = (id: number) => data.find((r) => r.key === String(id))!;
    expect(row(referrer.id).revenue).toBe(0);
    expect(row(referrer.id).cost).toBeGreaterThan(0);
    expect(row(referrer.id).clicks).toBe(0);
    const none = data.find((r) => r.key === '0')!;
    expect(none).toMatchObject({ label: 'No affiliate', revenue: 64.5, cost: 0, margin: 64.5, conversions: 0, sales: 0 });
    // The same for one affiliate picked by the filter.
    const one = await daily(staff, 'date', `&affiliate_id=${plain.id}`);
    expect(cents(one.meta.totals.cost)).toBe((await costBy('affiliate')).get(String(plain.id)));
  });

  it('every grouping answers the same totals', async () => {
    const { meta } = await daily(staff, 'date');
    for (const groupBy of statisticsGroupBy) {
      const reply = await daily(staff, groupBy);
      expect({ groupBy, revenue: reply.meta.totals.revenue, cost: reply.meta.totals.cost }).toEqual({ groupBy, revenue: meta.totals.revenue, cost: meta.totals.cost });
      const sum = (k: 'revenue' | 'cost') => reply.data.reduce((s, r) => s + cents(r[k]), 0);
      expect(sum('revenue')).toBe(cents(meta.totals.revenue));
      expect(sum('cost')).toBe(cents(meta.totals.cost));
    }
  });

  it('sorts by any column on the server: staff by margin, and an affiliate asking to sort by revenue gets the usual order', async () => {
    const byMargin = await daily(staff, 'affiliate', '&sort=margin&order=desc');
    const margins = byMargin.data.map((r) => r.margin!);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    expect(byMargin.data[0]!.key).toBe(String(referred.id));
    const byCost = await daily(staff, 'affiliate', '&sort=cost');
    expect(byCost.data.map((r) => r.cost!)).toEqual([...byCost.data.map((r) => r.cost!)].sort((a, b) => a - b));
    const plainOrder = await daily(referred.tokens, 'offer');
    expect(await daily(referred.tokens, 'offer', '&sort=revenue&order=asc')).toEqual(plainOrder);
    const bad = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today}&to=${today}&sort=password`, headers: bearer(staff) });
    expect(bad.statusCode).toBe(422);
  });

  it("the staff dashboard shows today's revenue, cost and margin from the same rollup", async () => {
    const { meta } = await daily(staff, 'date');
    const { data } = (await get('/v1/dashboard', staff)) as { data: { periods: { today: Row; this_month: Row }; chart: Row[] } };
    expect(data.periods.today).toMatchObject({ revenue: meta.totals.revenue, cost: meta.totals.cost, margin: meta.totals.margin });
    expect(data.chart.at(-1)).toMatchObject({ date: today, revenue: meta.totals.revenue, cost: meta.totals.cost, margin: meta.totals.margin });
  });
});

describe('the migration that added the figures', () => {
  it('fills them from earlier conversions and ledger rows exactly as the writers do', async () => {
    const snapshot = () =>
      rowsOf<Record<string, string>>(sql`
        SELECT 'wide' AS t, affiliate_id, day::text, offer_id, site_id, sum(revenue_cents)::text AS revenue, sum(commission_cents)::text AS commission, sum(bonus_cents)::text AS bonus
        FROM stats_daily GROUP BY 1, 2, 3, 4, 5
        UNION ALL
        SELECT 'narrow', affiliate_id, day::text, offer_id, site_id, sum(revenue_cents)::text, sum(commission_cents)::text, sum(bonus_cents)::text
        FROM stats_daily_totals GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2, 3, 4, 5`);
    const written = await snapshot();
    // As before the migration: no orphaned revenue, no commission or bonus columns (zero).
    const file = readFileSync(new URL('../drizzle/0021_network_figures.sql', import.meta.url), 'utf8');
    const handWritten = file.slice(file.indexOf('-- hand-written:')).split('--> statement-breakpoint');
    expect(handWritten.length).toBe(4);
    await t.app.db.transaction(async (tx) => {
      for (const table of ['stats_daily', 'stats_daily_totals']) {
        await tx.execute(sql.raw(`DELETE FROM ${table} WHERE affiliate_id = 0`));
        await tx.execute(sql.raw(`UPDATE ${table} SET commission_cents = 0, bonus_cents = 0`));
      }
      for (const statement of handWritten) await tx.execute(sql.raw(statement));
    });
    expect(await snapshot()).toEqual(written);
  });
});

describe('who sees the figures', () => {
  it('an affiliate never gets revenue, cost or margin, in any grouping or on the dashboard, nor the rows of the network cost', async () => {
    for (const who of [referrer, referred, plain]) {
      for (const groupBy of statisticsGroupBy) {
        const reply = await daily(who.tokens, groupBy);
        const leaked = networkFigureKeys.filter((k) => keysOf(reply).has(k));
        // Their commissions and bonuses are money, not traffic: no empty "No offer" or "No site" row in their report.
        const emptyGroups = groupBy === 'offer' || groupBy === 'site' ? reply.data.filter((r) => r.key === '0') : [];
        expect({ groupBy, leaked, emptyGroups }).toEqual({ groupBy, leaked: [], emptyGroups: [] });
      }
      const dash = await get('/v1/dashboard', who.tokens);
      expect(networkFigureKeys.filter((k) => keysOf(dash).has(k))).toEqual([]);
    }
    // Their own numbers are unchanged: the referrer has no traffic, the referred their three conversions.
    expect((await daily(referrer.tokens, 'offer')).data).toEqual([]);
    expect((await daily(referred.tokens, 'date')).meta.totals).toMatchObject({ sales: 2, rebills: 1, refunds: 1 });
  });

  it('staff without the statistics permission get the dashboard without them', async () => {
    const dash = await get('/v1/dashboard', dashboardOnly);
    expect(networkFigureKeys.filter((k) => keysOf(dash).has(k))).toEqual([]);
    expect((dash.data as { scope: string }).scope).toBe('network');
  });
});

describe('many reports at once', () => {
  it('answers every sale, rebill, refund and bonus sent together, and the figures still reconcile per affiliate and day', async () => {
    const team = [referred, await affiliate(referrer.id), await affiliate(referrer.id), plain];
    const clicks: string[] = [];
    for (const who of team) for (let i = 0; i < 5; i++) clicks.push(await visit(who.tokens, rev.offerId));
    const answers = await Promise.all(clicks.map((cid, i) => convert(t.app, rev.apiKey, { cid, type: 'sale', amount: '20.00', transaction_id: `burst-sale-${i}` })));
    // Then, all at once: a rebill of every sale, a partial refund of every other one, and bonuses (commissions move with each).
    answers.push(
      ...(await Promise.all([
        ...clicks.map((cid, i) => convert(t.app, rev.apiKey, { cid, type: 'rebill', amount: '20.00', transaction_id: `burst-rebill-${i}` })),
        ...clicks.flatMap((cid, i) => (i % 2 ? [] : [convert(t.app, rev.apiKey, { cid, type: 'refund', amount: '7.50', transaction_id: `burst-refund-${i}`, original_transaction_id: `burst-sale-${i}` })])),
        ...[referrer, ...team].map((who) => t.app.inject({ method: 'POST', url: `/v1/affiliates/${who.id}/bonus`, headers: bearer(staff), payload: { amount: 1.01, reason: 'Burst' } })),
      ])),
    );
    await t.app.conversionWriter.drain();
    expect(answers.filter((a) => a.statusCode >= 300).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    for (const [groupBy, column] of [
      ['affiliate', 'affiliate'],
      ['date', 'day'],
    ] as const) {
      const [revenue, cost, reply] = await Promise.all([revenueBy(column), costBy(column), daily(staff, groupBy)]);
      const byKey = new Map(reply.data.map((r) => [r.date ?? r.key!, r]));
      const keys = [...new Set([...revenue.keys(), ...cost.keys()])].sort();
      expect(keys.map((key) => ({ key, revenue: cents(byKey.get(key)?.revenue), cost: cents(byKey.get(key)?.cost) }))).toEqual(
        keys.map((key) => ({ key, revenue: revenue.get(key) ?? 0, cost: cost.get(key) ?? 0 })),
      );
    }
  });
});
