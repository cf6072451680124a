import { type Tier, tierMessages, type tierInputSchema } from '@portal/contracts';
import { eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tiers } from '../../db/schema/index.ts';
import { NotFoundError, UniqueError } from '../../lib/errors.ts';

type Input = z.output<typeof tierInputSchema>;
const toTier = (t: typeof tiers.$inferSelect): Tier => ({ id: t.id, name: t.name, is_default: t.isDefault });

export async function findTier(db: Db, id: number): Promise<Tier> {
  const [row] = await db.select().from(tiers).where(eq(tiers.id, id));
  if (!row) throw new NotFoundError('Tier not found.');
  return toTier(row);
}

/** Creates or changes a tier; making one the default for new sign-ups takes it from the others. */
export async function saveTier(db: Db, input: Input, id?: number): Promise<Tier> {
  if (id !== undefined) await findTier(db, id);
  const [clash] = await db.select({ id: tiers.id }).from(tiers).where(eq(tiers.name, input.name));
  if (clash && clash.id !== id) throw new UniqueError('name', tierMessages.nameTaken);
  return db.transaction(async (tx) => {
    const [row] =
      id === undefined
        ? await tx.insert(tiers).values({ name: input.name, isDefault: input.is_default }).returning()
        : await tx.update(tiers).set({ name: input.name, isDefault: input.is_default }).where(eq(tiers.id, id)).returning();
    if (input.is_default) await tx.update(tiers).set({ isDefault: false }).where(ne(tiers.id, row!.id));
    return toTier(row!);
  });
}
