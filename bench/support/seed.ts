// A small network written straight into a benchmark's database (the API paths that make these
// are covered by the tests): affiliates, one site with an API key, offers, landing pages,
// tracking links and, optionally, a postback per affiliate.
import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { newClickIdAt } from '../../apps/api/src/modules/clicks/click-id.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Network {
  siteId: number;
  apiKey: string;
  affiliateIds: number[];
  /** offers[i]: cpa (goal signup) when i is even, revshare otherwise. */
  offerIds: number[];
  /** links[a][o]: the code of affiliate a's link to offer o. */
  links: string[][];
}

export async function seedNetwork(db: pg.ClientBase, opts: { affiliates: number; offers: number; postbacks: boolean }): Promise<Network> {
  const apiKey = `sk_${randomBytes(30).toString('base64url')}`;
  const run = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as Array<Record<string, unknown>>;
  const [site] = await run(
    `insert into sites (name, display_name, url, api_key_hash, api_key_prefix) values ('benchsite', 'BENCH SITE', 'https://bench-site.example', $1, $2) returning id`,
    [sha256(apiKey), apiKey.slice(0, 10)],
  );
  const siteId = Number(site!.id);
  const [lp] = await run(`insert into landing_pages (site_id, name, url) values ($1, 'Main tour', 'https://bench-site.example/tour?ref={cid}') returning id`, [siteId]);
  const offerIds: number[] = [];
  for (let i = 0; i < opts.offers; i++) {
    const cpa = i % 2 === 0;
    const [o] = await run(
      `insert into offers (site_id, name, payout_type, goal, default_payout, landing_page_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [siteId, `Bench offer ${i + 1}`, cpa ? 'cpa' : 'revshare', cpa ? 'signup' : 'sale', cpa ? 3500 : 4000, lp!.id],
    );
    offerIds.push(Number(o!.id));
  }
  const users = await run(
    `insert into users (email, name, is_client, is_active) select 'bench-aff-' || g || '@bench.example', 'Bench Affiliate ' || g, true, true from generate_series(1, $1::int) g returning id`,
    [opts.affiliates],
  );
  const affiliateIds = users.map((u) => Number(u.id)).sort((a, b) => a - b);
  await run(`insert into affiliate_profiles (user_id) select unnest($1::int[])`, [affiliateIds]);
  const links: string[][] = [];
  for (const [a, affiliateId] of affiliateIds.entries()) {
    const row: string[] = [];
    for (const [o, offerId] of offerIds.entries()) {
      const code = `b${a.toString(36)}x${o.toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 16);
      await run(`insert into tracking_links (code, affiliate_id, offer_id, fingerprint) values ($1, $2, $3, $4)`, [code, affiliateId, offerId, sha256(`bench|${code}`)]);
      row.push(code);
    }
    links.push(row);
  }
  if (opts.postbacks) {
    await run(
      `insert into postbacks (affiliate_id, goal, type, method, url, cid_param) select unnest($1::int[]), 'all', 'global', 'GET', 'https://tracker.bench.example/pb?cid={cid}&payout={payout}&tx={transaction_id}', 'clickid'`,
      [affiliateIds],
    );
  }
  return { siteId, apiKey, affiliateIds, offerIds, links };
}

export interface SeededClick {
  cid: string;
  /** Index into `network.offerIds` (even: cpa, odd: revshare). */
  offer: number;
  affiliateId: number;
}

/**
 * `count` clicks of the last hour, spread over the network's affiliates and offers in turn, written
 * straight into the clicks table (the app made today's partitions when it started).
 */
export async function seedClicks(db: pg.ClientBase, network: Network, count: number, tz = NETWORK_TIME_ZONE): Promise<SeededClick[]> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const ms = now - 3_600_000 + Math.floor((i * 3_600_000) / count);
    return { cid: newClickIdAt(ms), at: new Date(ms).toISOString(), affiliateId: network.affiliateIds[i % network.affiliateIds.length]!, offer: i % network.offerIds.length };
  });
  await db.query(
    `insert into clicks (cid, created_at, day, affiliate_id, offer_id, site_id, device, visitor_hash, is_unique, is_bot)
     select c.cid, c.at, (c.at at time zone $6)::date, c.aff, c.offer, $5, 'desktop', md5(c.cid) || md5(c.cid || 'v'), true, false
       from unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[]) as c(cid, at, aff, offer)`,
    [rows.map((r) => r.cid), rows.map((r) => r.at), rows.map((r) => r.affiliateId), rows.map((r) => network.offerIds[r.offer]!), network.siteId, tz],
  );
  return rows.map(({ cid, offer, affiliateId }) => ({ cid, offer, affiliateId }));
}
