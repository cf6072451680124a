import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSecrets } from '../db/schema/index.ts';

/** Where a single instance kept its generated signing secret before it moved to the database. */
export const legacySecretFile = (dataDir: string) => join(dataDir, 'secret.key');

/**
 * The token signing secret (also the key of unsubscribe links and the visitor salt) when
 * JWT_SECRET is not given: kept in the database, so every instance on it agrees with no
 * configuration. The first instance to start writes it (INSERT ... ON CONFLICT DO NOTHING, so two
 * starting at once cannot both win) and every instance reads back the one stored. An install that
 * already has DATA_DIR/secret.key offers that secret, so its sessions survive the upgrade.
 */
export async function sharedSigningSecret(db: Db, dataDir: string): Promise<{ secret: string; source: 'database' | 'data-dir' | 'generated' }> {
  const [stored] = await db.select({ value: instanceSecrets.value }).from(instanceSecrets).where(eq(instanceSecrets.name, 'jwt'));
  if (stored) return { secret: stored.value, source: 'database' };
  const file = legacySecretFile(dataDir);
  const legacy = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const offered = legacy.length >= 32 ? legacy : randomBytes(48).toString('base64url');
  await db.insert(instanceSecrets).values({ name: 'jwt', value: offered }).onConflictDoNothing();
  const [row] = await db.select({ value: instanceSecrets.value }).from(instanceSecrets).where(eq(instanceSecrets.name, 'jwt'));
  const secret = row!.value;
  return { secret, source: secret !== offered ? 'database' : legacy ? 'data-dir' : 'generated' };
}
