import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';
import { Batcher } from '../../lib/batcher.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export type SiteRow = typeof sites.$inferSelect;

/** A site API key: `sk_` + 40 random characters; only its hash is stored. */
export function newSiteKey(): { key: string; hash: string; prefix: string } {
  const key = `sk_${randomToken(30)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, 10) };
}

/**
 * The site of an API key, for the conversions endpoint: the keys of the reports arriving together
 * are looked up in one query. Each report still reads the database after it arrives, so a rotated
 * key stops working at once on every instance.
 */
export function siteKeyResolver(db: Db, maxInFlight: number): (key: string) => Promise<SiteRow | undefined> {
  const batcher = new Batcher<string, SiteRow | undefined>(
    async (hashes) => {
      const rows = await db.select().from(sites).where(inArray(sites.apiKeyHash, [...new Set(hashes)]));
      const byHash = new Map(rows.map((r) => [r.apiKeyHash, r]));
      return hashes.map((h) => byHash.get(h));
    },
    { maxInFlight, maxBatch: 500 },
  );
  return (key) => batcher.submit(sha256(key));
}
