import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

export type Schema = typeof schema;
/** One database type for both drivers and their transactions (a transaction is a `Db`): queries take it as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

/**
 * How many batches a hot-path writer (clicks, conversions, site keys) keeps in flight: a server
 * works on two at once; the embedded database runs one statement at a time.
 */
export const batchesInFlight = (kind: DatabaseConfig['kind']): number => (kind === 'postgres' ? 2 : 1);

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any fixed number: it only has to be the same for every instance migrating the same database.
const MIGRATION_LOCK_KEY = 727_001;

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'pglite') {
    if (!config.dir.startsWith('memory://')) mkdirSync(config.dir, { recursive: true });
    const client = await PGlite.create(config.dir);
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 20,
    connectionTimeoutMillis: 5000,
    // For the prepared hot-path statements (db/raw.ts): their row arrays vary in length, and a plan
    // made for the actual arrays runs in about half the time of a generic one. It also makes every
    // foreign-key check re-plan its query for each row written; the period close, which writes
    // tens of thousands of rows in one transaction, sets `plan_cache_mode = auto` for itself.
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  // Instances started together must not run the same migration twice.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** A round trip to the database, bounded in time. */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<void> {
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
