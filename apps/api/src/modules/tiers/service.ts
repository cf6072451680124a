import type { Tier } from '@portal/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tiers, users } from '../../db/schema/index.ts';

/** The affiliate tiers by name (for custom payouts and affiliate settings), with how many affiliates each has. */
export async function listTiers(db: Db): Promise<Tier[]> {
  const rows = await db
    .select({ id: tiers.id, name: tiers.name, isDefault: tiers.isDefault, affiliates: count(users.id) })
    .from(tiers)
    .leftJoin(users, eq(users.tierId, tiers.id))
    .groupBy(tiers.id, tiers.name, tiers.isDefault)
    .orderBy(asc(tiers.name));
  return rows.map((t) => ({ id: t.id, name: t.name, is_default: t.isDefault, affiliates_count: Number(t.affiliates) }));
}
