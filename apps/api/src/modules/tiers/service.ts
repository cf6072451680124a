import type { Tier } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tiers } from '../../db/schema/index.ts';

/** The affiliate tiers by name (for custom payouts and affiliate settings). */
export async function listTiers(db: Db): Promise<Tier[]> {
  return (await db.select().from(tiers).orderBy(asc(tiers.name))).map((t) => ({ id: t.id, name: t.name, is_default: t.isDefault }));
}
