import type { LastSync } from '@portal/contracts';
import { and, desc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueSyncs } from '../../db/schema/index.ts';

/**
 * The last finished catalogue sync of each site asked for, as the sites' list and page show it to
 * staff: a read of the catalogue's `catalogue_syncs` rows, so sites need not load the catalogue.
 */
export async function lastSyncs(db: Db, siteIds: number[]): Promise<Map<number, LastSync>> {
  const out = new Map<number, LastSync>();
  if (!siteIds.length) return out;
  const rows = await db
    .selectDistinctOn([catalogueSyncs.siteId])
    .from(catalogueSyncs)
    .where(and(inArray(catalogueSyncs.siteId, siteIds), isNotNull(catalogueSyncs.finishedAt)))
    .orderBy(catalogueSyncs.siteId, desc(catalogueSyncs.id));
  for (const r of rows) out.set(r.siteId, { at: r.finishedAt!.toISOString(), added: r.added, updated: r.updated, removed: r.removed, error: r.error });
  return out;
}
