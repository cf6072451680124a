import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import * as schema from './schema/index.ts';
import { MIGRATION_LOCK_KEY, STARTUP_LOCK_KEY } from './lock-keys.ts';
import { FailoverPool, type FailoverOptions } from './failover.ts';

export type Schema = typeof schema;
/** One database type for both drivers and their transactions (a transaction is a `Db`): queries take it as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * Runs `fn` while no other instance on this database runs its own `exclusive` work: the
   * first-start owner and the demo data, which two instances starting at once must not write twice.
   * The embedded database belongs to one process, so there it simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Whether a primary is known right now. False while a server's pool looks for one after losing
   * it (db/failover.ts): the click path then writes to its spool at once instead of waiting.
   */
  available(): boolean;
  close(): Promise<void>;
}

/**
 * How many batches a hot-path writer (clicks, conversions, site keys) keeps in flight: a server
 * works on two at once; the embedded database runs one statement at a time.
 */
export const batchesInFlight = (kind: DatabaseConfig['kind']): number => (kind === 'postgres' ? 2 : 1);

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Where migrated embedded data directories are kept, one per set of migrations (and PGlite version). */
const snapshotsFolder = join(migrationsFolder, '../../../node_modules/.cache/portal-pglite');

/** The migrations as they are, and the PGlite that runs them: a change to either is a new snapshot. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  // PGlite's own package.json (its exports do not include it): found up from its entry point.
  let pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(pglite, 'package.json')) && dirname(pglite) !== pglite) pglite = dirname(pglite);
  hash.update(readFileSync(join(pglite, 'package.json')));
  const add = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) add(path);
      else hash.update(`${relative(migrationsFolder, path)}\0`).update(readFileSync(path)).update('\0');
    }
  };
  add(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data directory with every migration run, made once per set of migrations and kept under
 * node_modules/.cache: an empty embedded database starts as a copy of it instead of running initdb
 * and every migration (seconds on a first start). Undefined when it cannot be kept (the folder is
 * not writable): the database is then made in place as before.
 */
export async function migratedSnapshot(): Promise<string | undefined> {
  try {
    const path = join(snapshotsFolder, migrationsHash());
    if (existsSync(join(path, 'PG_VERSION'))) return path;
    mkdirSync(snapshotsFolder, { recursive: true });
    // Made aside and renamed into place, so a process starting at the same time never copies half of one.
    const making = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
    const client = await PGlite.create(making);
    await migrateEmbedded(client);
    await client.close();
    try {
      renameSync(making, path);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
    return existsSync(join(path, 'PG_VERSION')) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Holds a session advisory lock on a connection of its own while `fn` runs on the pool. */
async function underAdvisoryLock<T>(pool: pg.Pool, key: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [key]);
    return await fn(lockClient);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    lockClient.release();
  }
}

/** Brings an embedded database's schema up to date (a no-op on a copy already migrated). */
export async function migrateEmbedded(client: PGlite): Promise<Db> {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return db as unknown as Db;
}

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig, log?: FailoverOptions['log']): Promise<Database> {
  if (config.kind === 'pglite') {
    if (!config.dir.startsWith('memory://') && !config.loadDataDir && !existsSync(join(config.dir, 'PG_VERSION'))) {
      const snapshot = await migratedSnapshot();
      if (snapshot) cpSync(snapshot, config.dir, { recursive: true });
    }
    if (!config.dir.startsWith('memory://')) mkdirSync(config.dir, { recursive: true });
    const client = await PGlite.create(config.dir, config.loadDataDir ? { loadDataDir: config.loadDataDir } : {});
    const db = await migrateEmbedded(client);
    return { db, kind: 'pglite', exclusive: (fn) => fn(), available: () => true, close: () => client.close() };
  }
  const pool = new FailoverPool(config.url, {
    log,
    pool: {
      max: 20,
      connectionTimeoutMillis: 5000,
      // PostgreSQL's default, stated because it matters: the prepared hot-path statements (db/raw.ts)
      // and every foreign-key check keep a generic plan after five runs instead of planning again for
      // each batch or row. Planning was about a third of the database's work per click and per
      // conversion (docs/benchmarks.md, "Clicks at scale"); the statements are shaped so their
      // generic plans use the indexes at any table size.
      options: '-c plan_cache_mode=auto',
    },
  });
  await pool.open();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  // Instances started together must not run the same migration twice.
  await underAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) => migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder }));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    exclusive: (fn) => underAdvisoryLock(pool, STARTUP_LOCK_KEY, () => fn()),
    available: () => pool.available,
    close: () => pool.end(),
  };
}

/** A round trip to the database, bounded in time. */
export async function pingDatabase(db: Db, timeoutMs = 3000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
