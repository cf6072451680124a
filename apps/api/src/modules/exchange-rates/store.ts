import type { ExchangeRate, ExchangeRateSource } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';

/** A rate as stored: USD per one unit, numeric(20,10) as text (exact). */
export type RateText = string;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `currency|day`: the key of `ratesOn`'s answer. */
export const rateKey = (currency: string, day: string): string => `${currency}|${day}`;

/**
 * The latest rate on or before each (currency, day) asked, in one statement (the batch of
 * conversions asks once for all its foreign ones). Pairs without a rate are absent.
 */
export async function ratesOn(db: Db, pairs: ReadonlyArray<{ currency: string; day: string }>): Promise<Map<string, RateText>> {
  const unique = [...new Map(pairs.map((p) => [rateKey(p.currency, p.day), p])).values()];
  if (!unique.length) return new Map();
  const found = await runStatement<{ currency: string; day: string; rate: string }>(db, latestOnOrBefore, [unique.map((p) => p.currency), unique.map((p) => p.day)]);
  return new Map(found.map((r) => [rateKey(r.currency, String(r.day)), r.rate]));
}

const latestOnOrBefore: Statement = {
  name: 'exchange_rates_on_or_before',
  text: `
SELECT k.currency, k.day::text AS day, r.rate::text AS rate
FROM unnest($1::char(3)[], $2::date[]) AS k(currency, day)
CROSS JOIN LATERAL (SELECT e.rate FROM exchange_rates e WHERE e.currency = k.currency AND e.day <= k.day ORDER BY e.day DESC LIMIT 1) r`,
};

export interface NewRate {
  currency: string;
  day: string;
  rate: RateText;
}

/**
 * Stores ECB rates: new (currency, day) rows, a changed ECB rate, or the ECB's rate in place of a
 * demo rate; a staff rate for the same day stands. Answers how many rows were written.
 */
export async function storeEcbRates(db: Db, rates: readonly NewRate[], now: Date): Promise<number> {
  if (!rates.length) return 0;
  const written = await rows<{ currency: string }>(
    db,
    sql`insert into exchange_rates (currency, day, rate, source, updated_at)
        select currency, day, rate, 'ecb', ${now} from unnest(${`{${rates.map((r) => r.currency).join(',')}}`}::char(3)[], ${`{${rates.map((r) => r.day).join(',')}}`}::date[], ${`{${rates.map((r) => r.rate).join(',')}}`}::numeric[]) as t(currency, day, rate)
        on conflict (currency, day) do update set rate = excluded.rate, source = 'ecb', updated_at = excluded.updated_at
          where (exchange_rates.source = 'ecb' and exchange_rates.rate <> excluded.rate) or exchange_rates.source = 'demo'
        returning currency`,
  );
  return written.length;
}

/** A rate staff typed: replaces whatever that day had (an ECB rate too). */
export async function storeStaffRate(db: Db, rate: NewRate, userId: number, now: Date): Promise<void> {
  await db.execute(sql`insert into exchange_rates (currency, day, rate, source, updated_by, updated_at)
    values (${rate.currency}, ${rate.day}, ${rate.rate}, 'staff', ${userId}, ${now})
    on conflict (currency, day) do update set rate = excluded.rate, source = 'staff', updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

/** The latest rate of every currency that has one, by code. */
export async function latestRates(db: Db): Promise<ExchangeRate[]> {
  const found = await rows<{ currency: string; day: string; rate: string; source: ExchangeRateSource; updated_by: string | null; updated_at: Date | string }>(
    db,
    sql`select distinct on (e.currency) e.currency, e.day::text as day, e.rate::text as rate, e.source, u.name as updated_by, e.updated_at
        from exchange_rates e left join users u on u.id = e.updated_by
        order by e.currency, e.day desc`,
  );
  return found.map((r) => ({ currency: r.currency, day: String(r.day), rate: Number(r.rate), source: r.source, updated_by: r.updated_by, updated_at: new Date(r.updated_at).toISOString() }));
}

/** Conversions held for want of a rate, per currency. */
export async function heldCounts(db: Db): Promise<Array<{ currency: string; count: number }>> {
  const found = await rows<{ currency: string; count: string | number }>(
    db,
    sql`select currency, count(*) as count from conversions where status = 'held' and usd_rate is null group by currency order by currency`,
  );
  return found.map((r) => ({ currency: r.currency, count: Number(r.count) }));
}

/**
 * Withdraws a staff rate: deletes the (currency, day) row when staff typed it, answering it, or
 * undefined when that day has no staff rate (an ECB rate is the bank's, not withdrawn). Conversions
 * already converted keep the rate they were converted at (`conversions.usd_rate`); the currency's
 * latest rate is then the one before, and an ECB rate of that day comes back with the next load.
 */
export async function deleteStaffRate(db: Db, currency: string, day: string): Promise<ExchangeRate | undefined> {
  const [found] = await rows<{ currency: string; day: string; rate: string; source: ExchangeRateSource; updated_by: string | null; updated_at: Date | string }>(
    db,
    sql`with gone as (delete from exchange_rates where currency = ${currency} and day = ${day} and source = 'staff' returning *)
        select g.currency, g.day::text as day, g.rate::text as rate, g.source, u.name as updated_by, g.updated_at from gone g left join users u on u.id = g.updated_by`,
  );
  return found ? { currency: found.currency, day: String(found.day), rate: Number(found.rate), source: found.source, updated_by: found.updated_by, updated_at: new Date(found.updated_at).toISOString() } : undefined;
}
