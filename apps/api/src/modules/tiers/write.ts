import { type Tier, tierMessages, type tierInputSchema } from '@portal/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { moveTierMembers } from '../accounts/index.ts';
import type { Db } from '../../db/client.ts';
import { offerPayouts, tiers } from '../../db/schema/index.ts';
import { AppError, NotFoundError, UniqueError } from '../../lib/errors.ts';

type Input = z.output<typeof tierInputSchema>;
const toTier = (t: typeof tiers.$inferSelect): Tier => ({ id: t.id, name: t.name, is_default: t.isDefault });

export async function findTier(db: Db, id: number): Promise<Tier> {
  const [row] = await db.select().from(tiers).where(eq(tiers.id, id));
  if (!row) throw new NotFoundError('Tier not found.');
  return toTier(row);
}

/**
 * Creates or changes a tier. Exactly one tier is the default for new sign-ups: making one the
 * default takes it from the others; the default cannot be switched off (another one is made the
 * default instead); the first tier of an empty list is the default whatever the form says.
 */
export async function saveTier(db: Db, input: Input, id?: number): Promise<Tier> {
  const current = id === undefined ? undefined : await findTier(db, id);
  if (current?.is_default && !input.is_default) throw new AppError('conflict', tierMessages.defaultNeeded);
  const [clash] = await db.select({ id: tiers.id }).from(tiers).where(eq(tiers.name, input.name));
  if (clash && clash.id !== id) throw new UniqueError('name', tierMessages.nameTaken);
  return db.transaction(async (tx) => {
    // Every tier locked: two tiers made the default at once are taken one after the other (a handful of rows).
    await tx.select({ id: tiers.id }).from(tiers).for('update');
    const [other] = await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.isDefault, true)).limit(1);
    const isDefault = input.is_default || !other;
    if (isDefault) await tx.update(tiers).set({ isDefault: false }).where(id === undefined ? eq(tiers.isDefault, true) : and(eq(tiers.isDefault, true), ne(tiers.id, id)));
    const [row] =
      id === undefined
        ? await tx.insert(tiers).values({ name: input.name, isDefault }).returning()
        : await tx.update(tiers).set({ name: input.name, isDefault }).where(eq(tiers.id, id)).returning();
    return toTier(row!);
  });
}

export interface DeletedTier {
  tier: Tier & { offer_payouts: Array<{ offer_id: number; amount: number }> };
  defaultTier: Tier | null;
  /** The affiliates moved to the default tier. */
  moved: number[];
}

/**
 * Deletes a tier that is not the default: its affiliates move to the default tier and its offer
 * payouts go with it (the caller records both, with before and after), in one transaction.
 */
export async function deleteTier(db: Db, id: number): Promise<DeletedTier> {
  const tier = await findTier(db, id);
  if (tier.is_default) throw new AppError('conflict', tierMessages.defaultUndeletable);
  return db.transaction(async (tx) => {
    // Read again with every tier locked (as saveTier does): a tier made the default meanwhile stays.
    await tx.select({ id: tiers.id }).from(tiers).for('update');
    const [locked] = await tx.select().from(tiers).where(eq(tiers.id, id));
    if (!locked) throw new NotFoundError('Tier not found.');
    if (locked.isDefault) throw new AppError('conflict', tierMessages.defaultUndeletable);
    const [fallback] = await tx.select().from(tiers).where(and(eq(tiers.isDefault, true), ne(tiers.id, id))).limit(1);
    const payouts = await tx.select({ offer_id: offerPayouts.offerId, amount: offerPayouts.amount }).from(offerPayouts).where(eq(offerPayouts.tierId, id));
    const moved = await moveTierMembers(tx, id, fallback?.id ?? null);
    await tx.delete(offerPayouts).where(eq(offerPayouts.tierId, id));
    await tx.delete(tiers).where(eq(tiers.id, id));
    return {
      tier: { ...tier, offer_payouts: payouts.map((p) => ({ offer_id: p.offer_id, amount: Number(p.amount) / 100 })) },
      defaultTier: fallback ? toTier(fallback) : null,
      moved: moved.sort((a, b) => a - b),
    };
  });
}
