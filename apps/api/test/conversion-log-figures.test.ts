import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, signIn } from './support/users.ts';
import { readCsv } from './support/csv.ts';

/**
 * The conversion log and the statistics tell one story: over the demo's 90 days (sales, rebills,
 * partial and full refunds, chargebacks, held and released conversions, staff's reversals), each
 * day's rows in the log add up to that day's earnings in the statistics, to the cent, for staff
 * (the whole network) and for an affiliate (their own), and a sale refunded in full adds up to
 * nothing across its rows. Referral commissions and bonuses are not conversions: neither counts them.
 */
type Tokens = { access_token: string };
type LogRow = { id: number; day: string; type: string; status: string; reason: string | null; earning: number; reverses: { id: number } | null };
let t: TestApp;
const mail = new MailCatcher();
let owner: Tokens, affiliate: Tokens;
const to = statsDay(new Date());
const from = addDays(to, -95);

beforeAll(async () => {
  // Seeding the demo (90 days of traffic among the rest) takes a while on a busy two-core machine.
  t = await createTestApp({ SMTP_URL: await mail.start(), DEMO_DATA: '1' });
  owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  affiliate = await signIn(t.app, mail, 'affiliate@example.com', 'demo-affiliate-2026');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const cents = (dollars: number) => Math.round(dollars * 100);

async function logOf(who: Tokens): Promise<LogRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/conversion-log?from=${from}&to=${to}&per_page=all`, headers: bearer(who) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}


/** The log's CSV export: each row's id and earning in cents. */
async function csvOf(who: Tokens): Promise<Array<{ id: number; earning: number }>> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/conversion-log.csv?from=${from}&to=${to}`, headers: bearer(who) });
  expect(res.statusCode).toBe(200);
  const [header, ...lines] = readCsv(res.body);
  const id = header!.indexOf('id');
  const earning = header!.indexOf('earning');
  return lines.filter((l) => l.length > 1).map((l) => ({ id: Number(l[id]), earning: cents(Number(l[earning])) }));
}

/** Each day's earnings in cents, from the log's rows (its page, or its CSV) and from the statistics by date; days of 0 left out. */
async function byDay(who: Tokens, from_: 'page' | 'csv' = 'page') {
  const log = new Map<string, number>();
  const page = await logOf(who);
  const dayOf = new Map(page.map((r) => [r.id, r.day]));
  // The CSV's rows (each the page's row of that id: the day the page shows), or the page's.
  const rows = from_ === 'csv' ? await csvOf(who) : page.map((r) => ({ id: r.id, earning: cents(r.earning) }));
  expect(rows.length).toBe(page.length);
  for (const r of rows) log.set(dayOf.get(r.id)!, (log.get(dayOf.get(r.id)!) ?? 0) + r.earning);
  const res = await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${from}&to=${to}&group_by=date`, headers: bearer(who) });
  expect(res.statusCode).toBe(200);
  const stats = new Map<string, number>();
  for (const r of res.json().data as Array<{ key: string; date?: string; earnings: number }>) stats.set(r.date ?? r.key, cents(r.earnings));
  const nonZero = (m: Map<string, number>) => Object.fromEntries([...m].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
  return { log: nonZero(log), stats: nonZero(stats) };
}

describe("the conversion log's earnings", () => {
  it("add up, day by day, to the statistics' earnings for staff", async () => {
    const { log, stats } = await byDay(owner);
    expect(Object.keys(log).length).toBeGreaterThan(60);
    expect(log).toEqual(stats);
  });

  it("add up, day by day, to the statistics' earnings for an affiliate", async () => {
    const { log, stats } = await byDay(affiliate);
    expect(Object.keys(log).length).toBeGreaterThan(30);
    expect(log).toEqual(stats);
  });

  it("add up in the CSV too, day by day, to the statistics' earnings, for staff and for an affiliate", async () => {
    for (const who of [owner, affiliate]) {
      const { log, stats } = await byDay(who, 'csv');
      expect(Object.keys(log).length).toBeGreaterThan(30);
      expect(log).toEqual(stats);
    }
  });

  it('count a reversal once: a sale refunded in full and its refunds add up to nothing', async () => {
    const rows = await logOf(owner);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const refunded = rows.filter((r) => r.status === 'reversed' && r.reason !== null && r.earning !== 0 && rows.some((x) => x.reverses?.id === r.id));
    expect(refunded.length).toBeGreaterThan(0);
    for (const sale of refunded) {
      const reversals = rows.filter((x) => x.reverses?.id === sale.id);
      expect(cents(sale.earning) + reversals.reduce((s, x) => s + cents(x.earning), 0)).toBe(0);
      // The sale's own row keeps what it earned; the refund's row shows what it took back.
      expect(sale.earning).toBeGreaterThan(0);
      expect(reversals.every((x) => byId.get(x.id)!.earning <= 0)).toBe(true);
    }
  });
});
