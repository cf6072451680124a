import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export async function getSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : fallback;
}

export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
}

/**
 * The maintenance flag is read on every API call: cached for a second so that turning it on or
 * off takes effect at once on this instance and within a second on others.
 */
export class MaintenanceFlag {
  private value = false;
  private readAt = 0;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async isOn(): Promise<boolean> {
    if (Date.now() - this.readAt > 1000) {
      this.value = await getSetting(this.db, 'maintenance', false);
      this.readAt = Date.now();
    }
    return this.value;
  }

  async set(on: boolean): Promise<void> {
    await putSetting(this.db, 'maintenance', on);
    this.value = on;
    this.readAt = Date.now();
  }
}
