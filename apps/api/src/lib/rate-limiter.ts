import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { sha256 } from './secrets.ts';
import { errorMessages } from '@portal/contracts';

interface Counter {
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** Long keys (an email and an address) are stored hashed, so any key fits the column. */
const storedKey = (key: string) => (key.length > 200 ? `${key.slice(0, 40)}#${sha256(key)}` : key);

/**
 * Fixed-window counters per key ("login:ip:1.2.3.4", "login:account:a@b.c"), kept in the database
 * (`rate_limits`) so every instance behind a load balancer counts the same attempts: each count is
 * one atomic upsert, and the window follows the database's clock, so instances' clocks need not
 * agree. On the embedded database the same statements run in the one process.
 */
export class RateLimiter {
  private writes = 0;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Counts one attempt; throws 429 with Retry-After once the key is past `max` in `windowMs`. */
  async hit(key: string, max: number, windowMs: number): Promise<void> {
    const counter = await this.add(key, windowMs);
    if (counter.count > max) this.reject(counter);
  }

  /** Throws 429 when the key is already past `max`, without counting (for counting failures only). */
  async check(key: string, max: number): Promise<void> {
    const counter = await this.read(key);
    if (counter && counter.count >= max) this.reject(counter);
  }

  /** Counts one attempt without throwing (a failure, recorded after the fact). */
  async record(key: string, windowMs: number): Promise<void> {
    await this.add(key, windowMs);
  }

  /** Attempts counted for the key in its current window. */
  async count(key: string): Promise<number> {
    return (await this.read(key))?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${storedKey(key)}`);
  }

  /** One statement: a new or expired window starts at 1, a live one counts up. */
  private async add(key: string, windowMs: number): Promise<Counter> {
    if (++this.writes % 1000 === 0) void this.sweep();
    const result = await this.db.execute(sql`
      insert into rate_limits as r (key, count, reset_at)
      values (${storedKey(key)}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when r.reset_at <= clock_timestamp() then 1 else r.count + 1 end,
        reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
      returning count, ceil(extract(epoch from (reset_at - clock_timestamp())))::int as retry_after`);
    return toCounter(rowsOf(result)[0]!);
  }

  private async read(key: string): Promise<Counter | undefined> {
    const result = await this.db.execute(sql`
      select count, ceil(extract(epoch from (reset_at - clock_timestamp())))::int as retry_after
      from rate_limits where key = ${storedKey(key)} and reset_at > clock_timestamp()`);
    const row = rowsOf(result)[0];
    return row ? toCounter(row) : undefined;
  }

  private reject(counter: Counter): never {
    throw new AppError('too_many_requests', errorMessages.tooManyRequests, undefined, { 'Retry-After': String(counter.retryAfter) });
  }

  /** Ended windows are removed now and then, by whichever instance counts the thousandth attempt. */
  private async sweep(): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where reset_at <= clock_timestamp()`).catch(() => {});
  }
}

interface CounterRow {
  count: number | string;
  retry_after: number | string;
}

const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows;
const toCounter = (row: CounterRow): Counter => ({ count: Number(row.count), retryAfter: Math.max(1, Number(row.retry_after)) });

/** Limits per 15 minutes: per client address, and per account (email). */
export const limits = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins on one account before each further attempt is slowed down (never refused). */
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  /** The first slowed attempt waits this long; each further failure doubles it, up to the cap. */
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 10_000,
  /** How long an address that signed in to an account stays known to it (not slowed down). */
  knownAddressMs: 30 * 24 * 3600 * 1000,
  confirmFailuresPerSession: 5,
  confirmFailuresPerIp: 20,
  forgotPerAccount: 3,
  forgotPerIp: 10,
  resetPerIp: 10,
  codePerIp: 10,
  /** New two-step codes asked for one account ("Send a new code"). */
  codeResendsPerAccount: 5,
} as const;
