import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * A read replica for reports (`DATABASE_REPLICA_URL`, docs/deploy.md "A read replica for reports"):
 * a second pool on a streaming standby of the primary, used only while the standby is known to
 * hold every commit the primary made more than `maxStalenessMs` ago.
 *
 * Freshness is measured, not assumed: every `checkEveryMs` the primary's WAL position
 * (`pg_current_wal_lsn()`) is read and kept with the moment the check began, then the standby's
 * replay position (`pg_last_wal_replay_lsn()`) is read. The newest kept position the standby has
 * replayed past tells which commits it holds: every one acknowledged before that check began. The
 * replica is "fresh as of" that moment. Under a steady stream of writes the standby is always a
 * little behind the position just read, but past the one read a check earlier; an idle primary
 * writes no WAL, so an idle pair stays fresh (no timestamps to go stale). Reads go to the primary while the
 * standby is behind, unreachable, not a standby at all, a standby of another cluster, or before its
 * first check.
 */
export interface ReadReplica {
  /** The replica while it is fresh, else the primary. */
  readonly db: Db;
  /**
   * The replica only when it is fresh and has also replayed `lsn` (a caller's own latest write,
   * `primaryLsn`), else the primary.
   */
  dbAfter(lsn: string | undefined): Db;
  /** The primary's current WAL position: every commit acknowledged so far lies before it. */
  primaryLsn(): Promise<string>;
  /** What the last checks found (for the health answer, logs and tests). */
  state(): ReplicaState;
  close(): Promise<void>;
}

export interface ReplicaState {
  /** Whether reads go to the replica now. */
  serving: boolean;
  /** How long ago the replica was last known to hold every commit of the primary (ms); undefined before the first good check. */
  staleMs: number | undefined;
  /** The standby's replay position at the last check. */
  replayLsn: string | undefined;
  /** Why reads go to the primary, when they do. */
  reason: string | undefined;
  /** Queries on the replica that failed for the connection and were answered by the primary instead. */
  fallbacks: number;
}

export interface ReplicaOptions {
  /** How often the standby's replay is compared with the primary (ms). */
  checkEveryMs?: number;
  /** Reads use the replica only if it holds every commit older than this (ms). */
  maxStalenessMs?: number;
  log?: { info(msg: string): void; warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

/**
 * With a check every 200 ms and at most 600 ms of staleness, a report misses no commit older than
 * 0.6 s; the click journal is merged into the rollups every 0.2 s, so a click counts in
 * statistics within a second (merge, then at most 0.6 s), on the replica as on the primary. Under
 * a steady stream of writes the replica is fresh as of the check before last, about 0.4 s.
 */
export const REPLICA_CHECK_EVERY_MS = 200;
export const REPLICA_MAX_STALENESS_MS = 600;

/** `16/B374D848` as a number, to compare positions. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  if (hi === undefined || lo === undefined) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

const isLsn = (v: string | undefined): v is string => v !== undefined && /^[0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8}$/.test(v);

/**
 * Errors that say the replica could not answer (its connection, its shutdown, a query cancelled by
 * a conflict with replay), not that the query was wrong: the primary answers the same read instead.
 */
export function isReplicaFailure(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  // 08: connection exceptions; 57P01-57P03: shut down, crashed, starting; 40001 on a standby: conflict with recovery.
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '40001', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(message);
}

type Query = (...args: unknown[]) => Promise<unknown>;

/** Opens the replica's pool and starts measuring its freshness against the primary. */
export function openReplica(url: string, primary: Db, options: ReplicaOptions = {}): ReadReplica {
  const checkEveryMs = options.checkEveryMs ?? REPLICA_CHECK_EVERY_MS;
  const maxStalenessMs = options.maxStalenessMs ?? REPLICA_MAX_STALENESS_MS;
  const log = options.log;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A replica that does not answer soon is read around, not waited for.
    connectionTimeoutMillis: 2000,
    application_name: 'portal reports',
  });
  // A dropped connection (the replica restarting, a network cut) must not crash the process: idle
  // clients report to the pool, clients in use to their own listener; the pool replaces them.
  pool.on('error', (err) => log?.warn({ err }, 'Read replica: an idle connection failed'));
  pool.on('connect', (client) => client.on('error', (err) => log?.warn({ err }, 'Read replica: a connection failed')));

  let freshAsOf = Number.NEGATIVE_INFINITY;
  /** The primary's positions at the recent checks, oldest first, with the moment each check began. */
  let seen: { at: number; lsn: bigint }[] = [];
  let replayLsn: string | undefined;
  let reason: string | undefined = 'first check not done yet';
  let unusable = false;
  let identityChecked = false;
  let fallbacks = 0;
  let served = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const primaryClient = (): { query: Query } | undefined => {
    const client = (primary as unknown as { $client?: { query?: unknown } }).$client;
    return client && typeof client.query === 'function' ? (client as { query: Query }) : undefined;
  };

  /** Marks the replica unfit for reads until a check finds it fresh again (logged once per change). */
  const lose = (why: string, err?: unknown) => {
    freshAsOf = Number.NEGATIVE_INFINITY;
    if (reason === undefined) log?.warn({ err }, `Read replica: reports read the primary (${why})`);
    reason = why;
  };

  // A read the replica fails for its connection is answered by the primary, once, for that request;
  // the replica is then left alone until a check finds it fresh.
  const replicaQuery = pool.query.bind(pool) as unknown as Query;
  (pool as unknown as { query: Query }).query = async (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return replicaQuery(...args);
    try {
      return await replicaQuery(...args);
    } catch (err) {
      const fallback = primaryClient();
      if (!isReplicaFailure(err) || !fallback || closed) throw err;
      lose('a read on it failed', err);
      fallbacks += 1;
      return fallback.query(...args);
    }
  };
  const replicaDb = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;

  const withTimeout = async <T>(work: Promise<T>, what: string): Promise<T> => {
    let t: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([work, new Promise<never>((_, reject) => (t = setTimeout(() => reject(new Error(`${what} took over ${maxStalenessMs} ms`)), maxStalenessMs)))]);
    } finally {
      clearTimeout(t);
    }
  };

  const primaryLsn = async (): Promise<string> => {
    const result = (await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as { rows: { lsn: string }[] };
    const lsn = result.rows[0]?.lsn;
    if (!isLsn(lsn)) throw new Error(`the primary answered no WAL position (${String(lsn)})`);
    return lsn;
  };

  /** A standby of another cluster would answer positions that mean nothing here. */
  const checkIdentity = async () => {
    const q = 'select system_identifier::text as id from pg_control_system()';
    try {
      const [p, r] = await Promise.all([primary.execute(sql.raw(q)) as unknown as Promise<{ rows: { id: string }[] }>, replicaQuery(q) as Promise<{ rows: { id: string }[] }>]);
      if (p.rows[0]?.id !== r.rows[0]?.id) {
        unusable = true;
        log?.error({ primary: p.rows[0]?.id, replica: r.rows[0]?.id }, 'Read replica: DATABASE_REPLICA_URL is not a standby of DATABASE_URL; reports read the primary');
      }
      identityChecked = true;
    } catch (err) {
      // Where it cannot be read (a service that revokes pg_control_system), the positions are
      // trusted as given; a failed connection is tried again at the next check.
      if (!isReplicaFailure(err)) identityChecked = true;
      else throw err;
    }
  };

  const check = async () => {
    const started = Date.now();
    try {
      if (!identityChecked) await withTimeout(checkIdentity(), 'the identity check');
      if (unusable) return lose('not a standby of the primary');
      const atPrimary = lsnValue(await withTimeout(primaryLsn(), 'the primary'));
      seen.push({ at: started, lsn: atPrimary });
      seen = seen.filter((s) => started - s.at <= maxStalenessMs);
      const result = (await replicaQuery({
        text: 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay',
        query_timeout: maxStalenessMs,
      })) as { rows: { standby: boolean; replay: string | null }[] };
      const row = result.rows[0];
      if (!row?.standby) return lose('it is not in recovery: not a standby');
      if (!isLsn(row.replay ?? undefined)) return lose('it has replayed nothing yet');
      replayLsn = row.replay!;
      const replayed = lsnValue(replayLsn);
      const held = seen.findLast((s) => s.lsn <= replayed);
      if (held && Date.now() - held.at <= maxStalenessMs) {
        freshAsOf = Math.max(freshAsOf, held.at);
        if (reason !== undefined) log?.info(`Read replica: reports read the replica${served ? ' again' : ''}`);
        served = true;
        reason = undefined;
      } else if (Date.now() - freshAsOf > maxStalenessMs) {
        lose(`it is more than ${maxStalenessMs} ms behind`);
      }
    } catch (err) {
      lose(isReplicaFailure(err) ? 'it is unreachable' : 'its check failed', err);
    }
  };

  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = (async () => {
      await check();
      if (!closed) timer = setTimeout(loop, checkEveryMs);
    })();
  };
  timer = setTimeout(loop, 0);

  const fresh = () => !unusable && Date.now() - freshAsOf <= maxStalenessMs;

  return {
    get db() {
      return fresh() ? replicaDb : primary;
    },
    dbAfter(lsn) {
      if (!fresh()) return primary;
      if (lsn === undefined) return replicaDb;
      if (!isLsn(lsn) || !isLsn(replayLsn)) return primary;
      return lsnValue(replayLsn) >= lsnValue(lsn) ? replicaDb : primary;
    },
    primaryLsn,
    state: () => ({
      serving: fresh(),
      staleMs: Number.isFinite(freshAsOf) ? Date.now() - freshAsOf : undefined,
      replayLsn,
      reason: fresh() ? undefined : (reason ?? `it is more than ${maxStalenessMs} ms behind`),
      fallbacks,
    }),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      // A check under way finishes before its pools close.
      await running;
      await pool.end();
    },
  };
}
