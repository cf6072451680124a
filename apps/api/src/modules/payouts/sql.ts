import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The rows of a hand-written query, on either driver (both answer `{rows}`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of integers as one parameter: `= any(${intArray(ids)})`. */
export const intArray = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Integer cents from a bigint column (a string on node-postgres, a number or bigint on PGlite). */
export const cents = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export const toDollars = (value: number): number => Math.round(value) / 100;

/** A list of texts (null: NULL) as one parameter: `${textArray(values)}::text[]`, read far faster than JSON. */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
