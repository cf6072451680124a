import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * A hand-written statement on the hot paths (clicks, conversions): one round trip with the rows
 * passed as column arrays (`unnest`), prepared once per connection on a server. Building a
 * many-row statement through the query builder costs more than the database's own work there.
 */
export interface Statement {
  /** Unique name of the prepared statement. */
  name: string;
  text: string;
}

interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** One element of a PostgreSQL array literal, or undefined for a value `arrayLiteral` leaves to pg. */
function arrayElement(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  switch (typeof v) {
    case 'string':
      return /["\\]/.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
    case 'number':
      return Number.isFinite(v) ? String(v) : undefined;
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return undefined;
  }
}

/**
 * A flat array of strings, numbers, booleans and nulls as a PostgreSQL array literal, as pg would
 * send it (strings quoted and escaped, NULL for null) but without pg's per-element conversions,
 * which cost more than the rest of a click batch's encoding: the click writer sends 23 arrays a
 * batch. Anything else (dates, nested arrays, objects) answers undefined, and pg converts it.
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const e = arrayElement(values[i]);
    if (e === undefined) return undefined;
    out += i ? `,${e}` : e;
  }
  return `${out}}`;
}

/** A server's parameters: column arrays as array literals where `arrayLiteral` can make them. */
const serverParams = (values: unknown[]): unknown[] => values.map((v) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v));

/**
 * Runs a statement on the database a `Db` was opened on, outside any transaction (a single
 * statement is atomic on its own). Answers the rows.
 */
export async function runStatement<Row>(db: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (await client.query<Row>(statement.text, values)).rows;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await (client as unknown as Queryable).query({ name: statement.name, text: statement.text, values: serverParams(values) })).rows as Row[];
  }
  throw new Error('runStatement needs the database itself, not a transaction');
}

/**
 * Runs a statement inside a transaction (`db.transaction`'s `tx`), on its connection: prepared once
 * per connection on a server, as `runStatement` does.
 */
export async function runStatementIn<Row>(tx: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return (await (client as unknown as Queryable).query({ name: statement.name, text: statement.text, values: serverParams(values) })).rows as Row[];
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    return (await (client as { query: (text: string, values: unknown[]) => Promise<{ rows: Row[] }> }).query(statement.text, values)).rows;
  }
  throw new Error('runStatementIn needs a transaction');
}

/** Runs a statement on whichever `q` is: the database itself (`runStatement`) or a transaction on it (`runStatementIn`). */
export function runStatementOn<Row>(q: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  return (q as unknown as { $client?: unknown }).$client !== undefined ? runStatement<Row>(q, statement, values) : runStatementIn<Row>(q, statement, values);
}

/**
 * A table's columns for a hand-written select (`alias.column`), each named after its field as the
 * query builder would answer it (`"siteId"`), or under a prefix (`"a.siteId"`, `prefixed`) when
 * several tables share a row: read back with `pickPrefixed`.
 */
export function selectColumns(table: Table, alias: string, prefixed = false): string {
  // A column named by its key takes the schema's casing (snake case); one given a name keeps it.
  return Object.entries(getTableColumns(table))
    .map(([field, column]) => `${alias}."${column.keyAsName ? toSnakeCase(field) : column.name}" AS "${prefixed ? `${alias}.` : ''}${field}"`)
    .join(', ');
}

/** The fields of one table in a row read with `selectColumns(table, alias, true)`. */
export function pickPrefixed<T>(row: Record<string, unknown>, alias: string): T {
  const out: Record<string, unknown> = {};
  const prefix = `${alias}.`;
  for (const key in row) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = row[key];
  return out as T;
}
