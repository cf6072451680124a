import { permissions } from '@portal/contracts';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { roles, tiers, users } from '../db/schema/index.ts';
import { hashPassword, randomPassword } from '../lib/password.ts';
import { FIRST_START_LOCK_KEY } from '../db/lock-keys.ts';


/**
 * On an empty database: the owner role and account, and the default affiliate tier. Instances
 * started together on an empty database take turns (a transaction-scoped advisory lock), and only
 * the first one finds it empty.
 */
export async function seedFirstStart(db: Db, config: AppConfig, log: FastifyBaseLogger): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const password = config.adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;
    const [ownerRole] = await tx
      .insert(roles)
      .values({ name: 'owner', displayName: 'Owner', permissions: [...permissions] })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    await tx.insert(tiers).values({ name: 'Standard', isDefault: true }).onConflictDoNothing();
    await tx.insert(users).values({
      email: config.adminEmail,
      passwordHash,
      // Greeted by this name ("Hello Owner,") until they give their own in their profile.
      name: 'Owner',
      isClient: false,
      isOwner: true,
      roleId: ownerRole?.id ?? null,
      isActive: true,
      twoStepEnabled: true,
      emailVerifiedAt: new Date(),
    });
    return true;
  });
  if (!created) return false;
  if (config.adminPassword) {
    log.info(`Owner account created: ${config.adminEmail} (password from ADMIN_PASSWORD)`);
  } else {
    log.warn(
      `Owner account created: ${config.adminEmail} with password ${password} — shown only this once; change it after signing in.`,
    );
  }
  return true;
}
