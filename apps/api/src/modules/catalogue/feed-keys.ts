import { type FeedInfo, feedFields } from '@portal/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedKeys } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/secrets.ts';

/** The feed URLs of a key, one per format. */
export function feedUrls(publicUrl: string, key: string, file: 'scenes' | 'models') {
  const base = `${publicUrl}/feeds/${key}/${file}`;
  return { json: `${base}.json`, xml: `${base}.xml`, rss: `${base}.rss` };
}

async function liveKey(db: Db, affiliateId: number) {
  const [row] = await db.select().from(feedKeys).where(and(eq(feedKeys.affiliateId, affiliateId), isNull(feedKeys.revokedAt)));
  return row;
}

/** The affiliate's feed key and URLs (nulls when they have none), with the fields documented. */
export async function feedInfo(db: Db, affiliateId: number, publicUrl: string): Promise<FeedInfo> {
  const row = await liveKey(db, affiliateId);
  return {
    key: row?.key ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    scenes: row ? feedUrls(publicUrl, row.key, 'scenes') : null,
    models: row ? feedUrls(publicUrl, row.key, 'models') : null,
    fields: [...feedFields],
  };
}

/** Makes a new key; the old one (if any) stops working at once. Answers the revoked key. */
export async function regenerateFeedKey(db: Db, affiliateId: number): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const old = await revoke(tx, affiliateId);
    await tx.insert(feedKeys).values({ affiliateId, key: `fk_${randomToken(24)}` });
    return old;
  });
}

/** Revokes the live key; answers it (undefined when there was none). */
export async function revoke(db: Db, affiliateId: number): Promise<string | undefined> {
  const [row] = await db
    .update(feedKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(feedKeys.affiliateId, affiliateId), isNull(feedKeys.revokedAt)))
    .returning({ key: feedKeys.key });
  return row?.key;
}

/** The affiliate of a live key, or undefined. */
export async function affiliateOfKey(db: Db, key: string): Promise<number | undefined> {
  const [row] = await db.select({ affiliateId: feedKeys.affiliateId }).from(feedKeys).where(and(eq(feedKeys.key, key), isNull(feedKeys.revokedAt)));
  return row?.affiliateId;
}
