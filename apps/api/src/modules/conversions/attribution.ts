import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clicks } from '../../db/schema/index.ts';
import { clickTimeOf } from '../clicks/index.ts';

export type ClickRow = typeof clicks.$inferSelect;

/** The click a conversion names; its id carries its time, so only that day's partition is read. */
export async function findClick(db: Db, cid: string): Promise<ClickRow | undefined> {
  const at = clickTimeOf(cid);
  if (!at) return undefined;
  const [row] = await db.select().from(clicks).where(and(eq(clicks.createdAt, at), eq(clicks.cid, cid)));
  return row;
}

/** Why a conversion cannot be attributed (it is then kept as orphaned), or null. */
export function orphanReasonOf(cid: string | undefined | null, click: { siteId: number } | undefined, siteId: number): string | null {
  if (!cid) return 'No click id (cid) was given.';
  if (!click) return 'No click has this click id.';
  if (click.siteId !== siteId) return 'The click belongs to another site.';
  return null;
}
