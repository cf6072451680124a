import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The rows of a hand-written query, on either driver (both answer `{rows}`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
