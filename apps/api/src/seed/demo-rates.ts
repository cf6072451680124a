import type { Db } from '../db/client.ts';
import { exchangeRates } from '../db/schema/index.ts';
import { addDays, statsDay } from '../lib/days.ts';

/** USD per unit around late 2026, per currency: the demo's rates drift a little around these. */
const BASE: Record<string, number> = {
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.73,
  AUD: 0.66,
  JPY: 0.0067,
  CHF: 1.13,
  SEK: 0.095,
  NOK: 0.092,
  DKK: 0.145,
  PLN: 0.25,
  BRL: 0.18,
  MXN: 0.055,
};

/** The ECB publishes on working days: none on Saturdays and Sundays. */
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/** A believable rate for a day: a slow wave and a small daily wiggle, the same at every start. */
function rateOf(currency: string, day: string): number {
  const n = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const seed = [...currency].reduce((s, c) => s + c.charCodeAt(0), 0);
  return BASE[currency]! * (1 + 0.02 * Math.sin((n + seed) / 11) + 0.004 * Math.sin(n * 1.7 + seed));
}

/** The demo's last 90 days of rates (working days), as the ECB job would have loaded them. */
export function demoRates(now: Date): Array<{ currency: string; day: string; rate: string }> {
  const today = statsDay(now);
  const out: Array<{ currency: string; day: string; rate: string }> = [];
  for (let back = 90; back >= 1; back--) {
    const day = addDays(today, -back);
    if (isWeekend(day)) continue;
    for (const currency of Object.keys(BASE)) out.push({ currency, day, rate: rateOf(currency, day).toFixed(10) });
  }
  return out;
}

/** The latest demo rate on or before `day` (USD per unit), as the conversions were paid at. */
export function demoRateOn(currency: string, day: string): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, -1);
  return rateOf(currency, d).toFixed(10);
}

/** Seeds the demo's rates (each start; days already there are kept). */
export async function seedDemoRates(db: Db, now: Date = new Date()): Promise<void> {
  // Marked as the demo's own, never as the ECB's: the screen says which rates are real.
  const rows = demoRates(now).map((r) => ({ ...r, source: 'demo' }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(exchangeRates).values(rows.slice(i, i + 500)).onConflictDoNothing();
}
