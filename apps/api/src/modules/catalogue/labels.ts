import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, catalogueItems } from '../../db/schema/index.ts';

/** Names of creatives for statistics rows: models and scenes by their catalogue name, banners by theirs; other kinds keep their id. */
export async function creativeLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const idsOf = (pattern: RegExp) =>
    keys.flatMap((k) => {
      const m = pattern.exec(k);
      return m ? [Number(m[1])] : [];
    });
  const ids = idsOf(/^(?:model|scene):(\d+)$/);
  const bannerIds = idsOf(/^banner:(\d+)$/);
  if (ids.length) {
    const rows = await db.select({ id: catalogueItems.id, kind: catalogueItems.kind, name: catalogueItems.name }).from(catalogueItems).where(inArray(catalogueItems.id, ids));
    for (const r of rows) out.set(`${r.kind}:${r.id}`, r.name);
  }
  if (bannerIds.length) {
    const rows = await db.select({ id: banners.id, name: banners.name }).from(banners).where(inArray(banners.id, bannerIds));
    for (const r of rows) out.set(`banner:${r.id}`, `Banner: ${r.name}`);
  }
  return out;
}
