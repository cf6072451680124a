import type { Db } from '../../db/client.ts';
import { runStatement, selectColumns, type Statement } from '../../db/raw.ts';
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
 * A site as the conversions endpoint sees it. `billersOnly`: an active biller account of the site
 * reports its sales and rebills, and none is marked "the site reports too", so the site's own sales
 * and rebills are refused (no sale counted twice). `sharesIds`: an active biller account of the site is
 * marked "the site reports too", so the site's transaction ids are its biller's (one sale, one conversion).
 */
export type ReportingSite = SiteRow & { billersOnly: boolean; sharesIds: boolean };

/**
 * The site of an API key, for the conversions endpoint: the keys of the reports arriving together
 * are looked up in one query (a named statement). Each report still reads the database after it arrives, so a rotated
 * key stops working at once on every instance.
 */
const sitesByKeyHash: Statement = {
  name: 'sites_by_key_hash',
  text: `
SELECT ${selectColumns(sites, 's')},
  (EXISTS (SELECT 1 FROM biller_accounts b WHERE b.site_id = s.id AND b.active AND b.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM biller_accounts b WHERE b.site_id = s.id AND b.active AND b.deleted_at IS NULL AND b.site_reports_too)) AS "billersOnly",
  EXISTS (SELECT 1 FROM biller_accounts b WHERE b.site_id = s.id AND b.active AND b.deleted_at IS NULL AND b.site_reports_too) AS "sharesIds"
FROM sites s WHERE s.api_key_hash = ANY($1::varchar[])`,
};

export function siteKeyResolver(db: Db, maxInFlight: number): (key: string) => Promise<ReportingSite | undefined> {
  const batcher = new Batcher<string, ReportingSite | undefined>(
    async (hashes) => {
      const rows = await runStatement<ReportingSite>(db, sitesByKeyHash, [[...new Set(hashes)]]);
      const byHash = new Map(rows.map((r) => [r.apiKeyHash, r]));
      return hashes.map((h) => byHash.get(h));
    },
    { maxInFlight, maxBatch: 500 },
  );
  return (key) => batcher.submit(sha256(key));
}
