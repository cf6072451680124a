import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billerAccounts, sites } from '../../db/schema/index.ts';
import { Batcher } from '../../lib/batcher.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export type SiteRow = typeof sites.$inferSelect;

/** A site API key: `sk_` + 40 random characters; only its hash is stored. */
export function newSiteKey(): { key: string; hash: string; prefix: string } {
  const key = `sk_${randomToken(30)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, 10) };
}

/**
 * A site as the conversions endpoint sees it. `billersOnly`: an active biller account of the site
 * reports its sales and rebills, and none is marked "the site reports too", so the site's own sales
 * and rebills are refused (no sale counted twice). `sharesIds`: an active biller account of the site is
 * marked "the site reports too", so the site's transaction ids are its biller's (one sale, one conversion).
 */
export type ReportingSite = SiteRow & { billersOnly: boolean; sharesIds: boolean };

/**
 * The site of an API key, for the conversions endpoint: the keys of the reports arriving together
 * are looked up in one query. Each report still reads the database after it arrives, so a rotated
 * key stops working at once on every instance.
 */
export function siteKeyResolver(db: Db, maxInFlight: number): (key: string) => Promise<ReportingSite | undefined> {
  const batcher = new Batcher<string, ReportingSite | undefined>(
    async (hashes) => {
      // Qualified by hand: in a one-table select the query builder writes a bare "id", which the subquery would read as its own.
      const siteId = sql.raw('"sites"."id"');
      const billersOnly = sql<boolean>`(exists (select 1 from ${billerAccounts} b where b.site_id = ${siteId} and b.active and b.deleted_at is null)
        and not exists (select 1 from ${billerAccounts} b where b.site_id = ${siteId} and b.active and b.deleted_at is null and b.site_reports_too))`;
      const sharesIds = sql<boolean>`exists (select 1 from ${billerAccounts} b where b.site_id = ${siteId} and b.active and b.deleted_at is null and b.site_reports_too)`;
      const rows = await db
        .select({ ...getTableColumns(sites), billersOnly, sharesIds })
        .from(sites)
        .where(inArray(sites.apiKeyHash, [...new Set(hashes)]));
      const byHash = new Map(rows.map((r) => [r.apiKeyHash, r]));
      return hashes.map((h) => byHash.get(h));
    },
    { maxInFlight, maxBatch: 500 },
  );
  return (key) => batcher.submit(sha256(key));
}
