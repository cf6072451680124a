import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a hand-written query, on either driver (both answer `{rows}`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of integers as one parameter: `= any(${intArray(ids)})`. */
export const intArray = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
