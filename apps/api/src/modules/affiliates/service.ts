import type { AffiliateListItem, affiliatesQuerySchema, ListMeta } from '@portal/contracts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tiers, users } from '../../db/schema/index.ts';

type Query = z.output<typeof affiliatesQuerySchema>;

/** A page of affiliates, newest first, optionally those whose name or email contains the search. */
export async function listAffiliates(db: Db, { page, per_page, search }: Query): Promise<{ data: AffiliateListItem[]; meta: ListMeta }> {
  const conditions: SQL[] = [eq(users.isClient, true)];
  if (search) {
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(users.email, like), ilike(users.name, like));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive, createdAt: users.createdAt, tierName: tiers.name })
    .from(users)
    .leftJoin(tiers, eq(tiers.id, users.tierId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      is_active: r.isActive,
      created_at: r.createdAt.toISOString(),
      tier: r.tierName ? { name: r.tierName } : null,
    })),
    meta: { total: total?.n ?? 0, page, per_page },
  };
}
