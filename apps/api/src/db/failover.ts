/**
 * Several PostgreSQL hosts in one `DATABASE_URL`, the way libpq names them
 * (`postgres://user@host1:5432,host2:5433/portal?target_session_attrs=read-write`): the pool
 * connects to the host that accepts writes and, when it stops answering or turns read-only, finds
 * the new primary by itself and carries on with a new pool, with no restart. The `pg` driver has no
 * multi-host support, so this is ours; one host works the same way (it is looked for again after a
 * restart of the server). docs/deploy.md, "Failover".
 */
import pg from 'pg';

export interface HostPort {
  host: string;
  port: number;
}

export interface MultiHostUrl {
  hosts: HostPort[];
  /** The connection string for one of the hosts (`target_session_attrs` removed: the pool checks it). */
  urlFor(host: HostPort): string;
}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/;

/** Splits a libpq-style connection string into its hosts; a single host is a list of one. */
export function parseMultiHostUrl(url: string): MultiHostUrl {
  const m = URL_SHAPE.exec(url);
  if (!m) throw new Error('DATABASE_URL is not a postgres:// connection string');
  const [, scheme, auth, hostList, rest] = m as unknown as [string, string, string | undefined, string, string];
  const hosts = hostList.split(',').map((h): HostPort => {
    // [::1]:5432, host:5432, or host alone.
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(h);
    if (v6) return { host: v6[1]!, port: Number(v6[2] ?? 5432) };
    const [host, port] = h.split(':');
    return { host: host || 'localhost', port: Number(port || 5432) };
  });
  const q = rest.indexOf('?');
  const path = q >= 0 ? rest.slice(0, q) : rest;
  const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '');
  params.delete('target_session_attrs');
  const query = params.toString();
  return {
    hosts,
    urlFor: (h) => `${scheme}${auth !== undefined ? `${auth}@` : ''}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${path}${query ? `?${query}` : ''}`,
  };
}

/** No primary could be reached within the wait: the caller answers 503 (or spools a click). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor() {
    super('no writable database host is reachable');
  }
}

const LOST_CODES = new Set(['DATABASE_UNAVAILABLE', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now, read_only_sql_transaction (the host is a standby now)
  '57P01', '57P02', '57P03', '25006']);
const LOST_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|timeout exceeded when trying to connect|Connection ended|not queryable/i;

/** Whether an error says the database (rather than the statement) failed: gone, restarting, or read-only now. */
export function isDatabaseLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (LOST_CODES.has(code) || code.startsWith('08')) return true;
  if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
  // Drizzle wraps the driver's error ("Failed query: ...") with it as the cause.
  return e.cause !== undefined && e.cause !== err && isDatabaseLost(e.cause);
}

export interface FailoverOptions {
  /** The pool's settings for each host (max, timeouts, options); host and port are the pool's to set. */
  pool: pg.PoolConfig;
  /** How long a request waits for a primary to be found before it is told the database is unavailable. */
  waitMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wrapped = Symbol('failover-wrapped');

/**
 * A `pg.Pool` (Drizzle and db/raw.ts take it as one) that keeps an inner pool on the current
 * primary. A query or connection that fails because the database went away drops that pool and
 * starts looking for a writable host (every host in turn, about every 100 ms to 1 s); requests
 * meanwhile wait up to `waitMs` for it, then fail with `DatabaseUnavailableError`. Once found, a
 * new pool serves every request: prepared statements are made again on its connections.
 */
export class FailoverPool extends pg.Pool {
  private readonly target: MultiHostUrl;
  private readonly settings: pg.PoolConfig;
  private readonly waitMs: number;
  private readonly log: FailoverOptions['log'];
  private inner: pg.Pool | undefined;
  private finding: Promise<pg.Pool> | undefined;
  private closed = false;
  /** The host of the current pool, for logs and tests. */
  current: HostPort | undefined;
  /** Pools made: the first primary, then one per failover or lost connection. */
  private found = 0;

  constructor(url: string, options: FailoverOptions) {
    super({ max: 1 });
    this.target = parseMultiHostUrl(url);
    this.settings = options.pool;
    this.waitMs = options.waitMs ?? 2000;
    this.log = options.log;
  }

  /** Times the pool was made again on a primary found after the first (tests, logs). */
  get failovers(): number {
    return Math.max(0, this.found - 1);
  }

  /** Whether a primary is known right now (no search under way). */
  get available(): boolean {
    return this.inner !== undefined && !this.closed;
  }

  /** Finds the first primary: the start waits for it as long as the first connection would. */
  async open(timeoutMs = 30_000): Promise<void> {
    await this.pool(timeoutMs);
  }

  // Drizzle (transactions) and the advisory locks take a client by the promise form only.
  override connect(): Promise<pg.PoolClient> {
    return this.connectClient();
  }

  // Drizzle and db/raw.ts call query(config) or query(text, values) and take the promise.
  override query(...args: unknown[]): never {
    return this.pool().then((pool) =>
      (pool.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
        this.check(pool, err);
        throw err;
      }),
    ) as never;
  }

  override async end(): Promise<void> {
    this.closed = true;
    const inner = this.inner;
    this.inner = undefined;
    await inner?.end();
  }

  private async connectClient(): Promise<pg.PoolClient> {
    const pool = await this.pool();
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      this.check(pool, err);
      throw err;
    }
    // A transaction's statements run on the client itself: their failures tell the same story.
    const c = client as pg.PoolClient & { [wrapped]?: true };
    if (!c[wrapped]) {
      c[wrapped] = true;
      const query = c.query.bind(c) as (...a: unknown[]) => unknown;
      (c as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        const r = query(...a);
        if (r instanceof Promise) r.catch((err: unknown) => this.check(pool, err));
        return r;
      };
    }
    return client;
  }

  /** A failure that says the database went away drops the pool it came from (once) and starts the search. */
  private check(pool: pg.Pool, err: unknown): void {
    if (!isDatabaseLost(err) || pool !== this.inner) return;
    this.inner = undefined;
    this.current = undefined;
    this.log?.warn({ err }, 'the database stopped answering; looking for the primary');
    void pool.end().catch(() => {});
    void this.pool().catch(() => {});
  }

  /** The current primary's pool, or the one found within the wait. */
  private pool(waitMs = this.waitMs): Promise<pg.Pool> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    if (this.inner) return Promise.resolve(this.inner);
    this.finding ??= this.find().finally(() => (this.finding = undefined));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseUnavailableError()), waitMs);
    });
    return Promise.race([this.finding, timeout]).finally(() => clearTimeout(timer));
  }

  private async find(): Promise<pg.Pool> {
    const started = Date.now();
    for (let attempt = 0; !this.closed; attempt++) {
      for (const host of this.target.hosts) {
        if (!(await this.writable(host))) continue;
        const pool = new pg.Pool({ ...this.settings, connectionString: this.target.urlFor(host) });
        // A dropped idle connection, or one dropped while checked out, must not crash the process.
        pool.on('error', () => {});
        pool.on('connect', (client) => client.on('error', () => {}));
        if (this.closed) {
          void pool.end();
          break;
        }
        this.inner = pool;
        this.current = host;
        if (this.found++ > 0) this.log?.info({ host: `${host.host}:${host.port}`, ms: Date.now() - started }, 'connected to the primary');
        return pool;
      }
      await sleep(Math.min(100 * 2 ** attempt, 1000));
    }
    throw new Error('the database is closed');
  }

  /** Connects to one host and asks whether it takes writes (not a standby, not read-only). */
  private async writable(host: HostPort): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.target.urlFor(host), connectionTimeoutMillis: 1000, query_timeout: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const r = await client.query<{ standby: boolean; ro: string }>("select pg_is_in_recovery() as standby, current_setting('transaction_read_only') as ro");
      return r.rows[0]?.standby === false && r.rows[0]?.ro === 'off';
    } catch {
      return false;
    } finally {
      void client.end().catch(() => {});
    }
  }
}
