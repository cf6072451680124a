import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueItems } from '../../db/schema/index.ts';

/** Names of creatives for statistics rows: models and scenes by their catalogue name; other kinds keep their id. */
export async function creativeLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = keys.flatMap((k) => {
    const m = /^(model|scene):(\d+)$/.exec(k);
    return m ? [Number(m[2])] : [];
  });
  if (!ids.length) return out;
  const rows = await db.select({ id: catalogueItems.id, kind: catalogueItems.kind, name: catalogueItems.name }).from(catalogueItems).where(inArray(catalogueItems.id, ids));
  for (const r of rows) out.set(`${r.kind}:${r.id}`, r.name);
  return out;
}
