import type { ClickInvalidReason, ConversionType } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayLiteral } from '../../db/raw.ts';
import { statsDaily, statsDailyTotals } from '../../db/schema/index.ts';

const invalidClickCounters = ['botClicks', 'datacenterClicks', 'repeatClicks', 'burstClicks'] as const;

/**
 * The daily rollup's one owner: its key, its counters and the SQL that adds to it or sums it.
 * Every writer (clicks, both conversion paths, the demo seed) and reader (statistics, dashboard)
 * goes through this module, so a new counter or key column is added here once.
 */

export const counterNames = [
  'clicks',
  'uniqueClicks',
  'conversions',
  'signups',
  'sales',
  'rebills',
  'refunds',
  'chargebacks',
  'earningsCents',
  'revenueCents',
  'commissionCents',
  'bonusCents',
  ...invalidClickCounters,
] as const;
export type Counter = (typeof counterNames)[number];

/** The counter of each click invalid reason (docs/fraud-clicks.md): such clicks count in `clicks` too, never in `uniqueClicks`. */
export const invalidClickCounterOf = { bot: 'botClicks', datacenter: 'datacenterClicks', repeat: 'repeatClicks', burst: 'burstClicks' } as const satisfies Record<ClickInvalidReason, string>;
export type Counters = Record<Counter, number>;

export interface RollupKey {
  day: string;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number;
  country: string;
  device: string;
  sub1: string;
  sub2: string;
  sub3: string;
  sub4: string;
  sub5: string;
  /** The creative of the link (`scene:12`), '' for none: only the full rollup has it. */
  creative: string;
}

export type RollupDelta = RollupKey & Partial<Counters>;

/** The key columns as stored, in lock order: the full rollup, and the totals without country, device and sub IDs. */
const wideKey = ['affiliate_id', 'day', 'offer_id', 'site_id', 'campaign_id', 'country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative'] as const;
const narrowKey = ['affiliate_id', 'day', 'offer_id', 'site_id', 'campaign_id'] as const;
export type RollupKeyColumn = (typeof wideKey)[number];
export type RollupTable = 'stats_daily' | 'stats_daily_totals';

/** The rollup key of a click's dimensions on a given day (empty values stand for none). */
export function keyOf(
  c: { affiliateId: number; offerId: number; siteId: number; campaignId: number | null; country: string | null; device: string } & Partial<Record<'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5' | 'creative', string | null>>,
  day: string,
): RollupKey {
  return {
    day,
    affiliateId: c.affiliateId,
    offerId: c.offerId,
    siteId: c.siteId,
    campaignId: c.campaignId ?? 0,
    country: c.country ?? '',
    device: c.device,
    sub1: c.sub1 ?? '',
    sub2: c.sub2 ?? '',
    sub3: c.sub3 ?? '',
    sub4: c.sub4 ?? '',
    sub5: c.sub5 ?? '',
    creative: c.creative ?? '',
  };
}

/** Signups and first sales are new customers: they count as conversions; rebills, refunds and chargebacks do not. */
export const isNewCustomer = (type: ConversionType): boolean => type === 'signup' || type === 'sale';

/** The counter each conversion type adds one to. */
export const counterOf: Record<ConversionType, 'signups' | 'sales' | 'rebills' | 'refunds' | 'chargebacks'> = {
  signup: 'signups',
  sale: 'sales',
  rebill: 'rebills',
  refund: 'refunds',
  chargeback: 'chargebacks',
};

/** What a conversion adds to revenue (USD cents): refunds and chargebacks take their amount back. */
export const revenueOf = (type: ConversionType, amountCents: number): number => (type === 'refund' || type === 'chargeback' ? -amountCents : amountCents);

/** What one attributed conversion adds to the rollup: refunds and chargebacks take their amount back from revenue. */
export function conversionCounters(type: ConversionType, earningCents: number, amountCents: number): Partial<Counters> {
  return {
    conversions: isNewCustomer(type) ? 1 : 0,
    [counterOf[type]]: 1,
    earningsCents: earningCents,
    revenueCents: revenueOf(type, amountCents),
  };
}

const noDetail = { campaignId: 0, country: '', device: '', sub1: '', sub2: '', sub3: '', sub4: '', sub5: '', creative: '' } as const;

/**
 * Where a conversion nobody is paid on (orphaned) counts: its site's revenue on its day, under no
 * affiliate, offer or campaign. It adds revenue only: no conversion, sale or earning.
 */
export function orphanedRevenue(siteId: number, day: string, type: ConversionType, amountCents: number): RollupDelta {
  return { day, affiliateId: 0, offerId: 0, siteId, ...noDetail, revenueCents: revenueOf(type, amountCents) };
}

/** Which cost counter a ledger row of this kind adds to, if any: earnings and reversals are added with their conversion. */
const costCounterOf: Record<string, 'commissionCents' | 'bonusCents' | undefined> = { referral_commission: 'commissionCents', bonus: 'bonusCents', adjustment: 'bonusCents' };

/**
 * What a referral commission, bonus or adjustment adds to the network's cost: a row of its affiliate
 * and day with no offer, site or campaign (they belong to none). Null for a row of another kind.
 */
export function ledgerCost(row: { affiliateId: number; day: string; kind: string; amountCents: number }): RollupDelta | null {
  const counter = costCounterOf[row.kind];
  if (!counter) return null;
  return { day: row.day, affiliateId: row.affiliateId, offerId: 0, siteId: 0, ...noDetail, [counter]: row.amountCents };
}

/** The ledger kinds whose rows are the network's cost: earnings net of reversals, referral commissions, bonuses and adjustments. */
export const costKinds = ['earning', 'reversal', 'referral_commission', 'bonus', 'adjustment'] as const;

/** Every counter at 0. */
export const zeroCounters = (): Counters => Object.fromEntries(counterNames.map((c) => [c, 0])) as Counters;

/** Deltas summed per key of both rollups, ready to be written in key order. */
export class RollupSums {
  private readonly wide = new Map<string, RollupKey & Counters>();
  private readonly narrow = new Map<string, Pick<RollupKey, 'day' | 'affiliateId' | 'offerId' | 'siteId' | 'campaignId'> & Counters>();

  add(d: RollupDelta): void {
    const wk = [d.affiliateId, d.day, d.offerId, d.siteId, d.campaignId, d.country, d.device, d.sub1, d.sub2, d.sub3, d.sub4, d.sub5, d.creative].join('\u0001');
    let w = this.wide.get(wk);
    if (!w) this.wide.set(wk, (w = { day: d.day, affiliateId: d.affiliateId, offerId: d.offerId, siteId: d.siteId, campaignId: d.campaignId, country: d.country, device: d.device, sub1: d.sub1, sub2: d.sub2, sub3: d.sub3, sub4: d.sub4, sub5: d.sub5, creative: d.creative, ...zeroCounters() }));
    addCounters(w, d);
    const nk = [d.affiliateId, d.day, d.offerId, d.siteId, d.campaignId].join('\u0001');
    let n = this.narrow.get(nk);
    if (!n) this.narrow.set(nk, (n = { day: d.day, affiliateId: d.affiliateId, offerId: d.offerId, siteId: d.siteId, campaignId: d.campaignId, ...zeroCounters() }));
    addCounters(n, d);
  }

  get size(): number {
    return this.wide.size;
  }

  /** The full rollup's rows in key order. */
  wideRows(): Array<RollupKey & Counters> {
    return sorted(this.wide);
  }

  narrowRows(): Array<Pick<RollupKey, 'day' | 'affiliateId' | 'offerId' | 'siteId' | 'campaignId'> & Counters> {
    return sorted(this.narrow);
  }
}

function addCounters(into: Counters, d: Partial<Counters>): void {
  for (const c of counterNames) into[c] += d[c] ?? 0;
}

const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** The column's name in the database (the schema is written in camelCase, stored in snake_case). */
const snake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * Adds deltas to both daily rollups (the full one and the totals without country, device and
 * sub IDs), in the caller's transaction. Rows are written in key order, so concurrent writers
 * lock them in the same order and never deadlock.
 */
export async function addToRollups(tx: Db, deltas: RollupDelta[] | RollupSums): Promise<void> {
  let sums: RollupSums;
  if (deltas instanceof RollupSums) sums = deltas;
  else {
    sums = new RollupSums();
    for (const d of deltas) sums.add(d);
  }
  // A column array per column (`unnest`), up to 5,000 rows a statement: the demo's 90 days are some
  // 25,000 rows, which as rows of parameters (1,000 a statement) took seconds.
  for (const rows of chunks(sums.wideRows(), 5000)) await upsertColumns(tx, 'stats_daily', wideKey, rows);
  for (const rows of chunks(sums.narrowRows(), 5000)) await upsertColumns(tx, 'stats_daily_totals', narrowKey, rows);
}

const textKeys = new Set<string>(['country', 'device', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'creative']);
/** The SQL array type of each rollup column: the money counters are bigint. */
const columnType = (column: string): string =>
  column === 'day' ? 'date[]' : textKeys.has(column) ? 'text[]' : column.endsWith('_cents') ? 'bigint[]' : 'int[]';

/** Adds `rows` (in key order) to a rollup table in one statement: new keys inserted, existing ones incremented. */
async function upsertColumns(tx: Db, table: RollupTable, keyColumns: readonly string[], rows: ReadonlyArray<object>): Promise<void> {
  if (!rows.length) return;
  const columns = [...keyColumns, ...counterNames.map(snake)];
  const fields = [...keyColumns.map(camel), ...counterNames];
  const arrays = fields.map((f) => {
    const literal = arrayLiteral(rows.map((r) => (r as Record<string, unknown>)[f]));
    // A value an array literal cannot hold (a Date, a bigint) would shorten the column: refuse it.
    if (literal === undefined) throw new Error(`Rollup column ${f} holds a value that is not text, a number or null`);
    return literal;
  });
  const list = columns.join(', ');
  await tx.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(list)}) SELECT * FROM unnest(${sql.join(
      arrays.map((a, i) => sql`${a}::${sql.raw(columnType(columns[i]!))}`),
      sql`, `,
    )}) ON CONFLICT (${sql.raw(keyColumns.join(', '))}) DO UPDATE SET ${sql.raw(counterNames.map((c) => `${snake(c)} = ${table}.${snake(c)} + excluded.${snake(c)}`).join(', '))}`,
  );
}

function* chunks<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());


/**
 * The statement (for a hand-written hot-path CTE) that adds a writer's rows to one rollup:
 * `key` gives, per key column, the expression in `from`'s rows; `counters` the aggregate per
 * counter. Rows are grouped and written in key order, like `addToRollups`.
 */
export function rollupUpsertSql(table: RollupTable, from: string, key: Record<RollupKeyColumn, string>, counters: Partial<Record<Counter, string>>): string {
  const keyCols = table === 'stats_daily' ? wideKey : narrowKey;
  const names = Object.keys(counters) as Counter[];
  const positions = keyCols.map((_, i) => i + 1).join(', ');
  return `INSERT INTO ${table} (${keyCols.join(', ')}, ${names.map(snake).join(', ')})
  SELECT ${keyCols.map((k) => key[k]).join(', ')}, ${names.map((c) => counters[c]).join(', ')}
  FROM ${from} GROUP BY ${positions} ORDER BY ${positions}
  ON CONFLICT (${keyCols.join(', ')}) DO UPDATE
    SET ${names.map((c) => `${snake(c)} = ${table}.${snake(c)} + excluded.${snake(c)}`).join(', ')}`;
}

/**
 * The CTE steps `wide` and `narrow` (for a hand-written statement) that add `from`'s rows to both
 * rollups. `narrow` starts only once `wide` has written, and so locked, all its rows: every writer
 * locks the full rollup's rows first and then the totals', each in key order, as `addToRollups`
 * does, so two writers never wait on each other in a circle. (Sibling CTEs run in no set order: a
 * batch that wrote the totals first deadlocked with a refund writing the same keys.)
 */
export function rollupUpsertsSql(from: string, key: Record<RollupKeyColumn, string>, counters: Partial<Record<Counter, string>>): string {
  return `wide AS (
  ${rollupUpsertSql('stats_daily', from, key, counters)}
  RETURNING 1
),
narrow AS (
  ${rollupUpsertSql('stats_daily_totals', `(SELECT * FROM ${from} WHERE (SELECT count(*) FROM wide) >= 0) AS after_wide`, key, counters)}
)`;
}

/** Either rollup, typed as the full one: the totals table has the same counters and the first five key columns. */
export type Rollup = typeof statsDaily;
export const totalsRollup = statsDailyTotals as unknown as Rollup;

/** `coalesce(sum(counter), 0)` per counter of the rollup read; the database answers them as strings or numbers. */
export function rollupSums<const C extends Counter>(t: Rollup, counters: readonly C[]): { [K in C]: SQL<string> } {
  return Object.fromEntries(counters.map((c) => [c, sql<string>`coalesce(sum(${t[c]}), 0)`])) as { [K in C]: SQL<string> };
}
