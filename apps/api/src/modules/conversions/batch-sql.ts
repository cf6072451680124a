import type { Statement } from '../../db/raw.ts';
import { enqueueFromSql } from '../jobs/index.ts';
import { earningsSteps } from '../ledger/index.ts';
import { POSTBACK_JOB } from '../postbacks/index.ts';
import { rollupUpsertsSql } from '../tracking/index.ts';

/** The batched conversion writer's statements (batch.ts runs them). */

/** Each click by its id and time: an index lookup in the day partition of its time. */
export const clicksOf: Statement = {
  name: 'conversions_clicks_of',
  text: `
SELECT w.ord, c.cid, c.created_at AS "createdAt", c.affiliate_id AS "affiliateId", c.offer_id AS "offerId", c.site_id AS "siteId",
  c.campaign_id AS "campaignId", c.country, c.device, c.sub1, c.sub2, c.sub3, c.sub4, c.sub5, c.creative, c.visitor_hash AS "visitorHash"
FROM unnest($1::varchar[], $2::timestamptz[]) WITH ORDINALITY AS w(cid, at, ord)
CROSS JOIN LATERAL (SELECT * FROM clicks WHERE clicks.created_at = w.at AND clicks.cid = w.cid LIMIT 1) c`,
};

/** Ids are taken before writing, so the postback addresses can carry {conversion_id}. */
export const newConversionIds: Statement = {
  name: 'conversions_new_ids',
  text: `SELECT nextval(pg_get_serial_sequence('conversions', 'id')) AS id FROM generate_series(1, $1::int)`,
};

export const existingIds: Statement = {
  name: 'conversions_existing_ids',
  text: `
SELECT DISTINCT ON (k.ord) k.ord, c.id FROM unnest($1::int[], $2::int[], $3::varchar[], $4::boolean[]) WITH ORDINALITY AS k(site_id, biller_account_id, transaction_id, shared, ord)
JOIN conversions c ON c.site_id = k.site_id AND c.transaction_id = k.transaction_id
  AND (c.biller_account_id IS NOT DISTINCT FROM k.biller_account_id OR (k.shared AND c.shared_id))
ORDER BY k.ord, c.id`,
};

/** A conversion's revenue: refunds and chargebacks take their amount back (tracking's `revenueOf`). */
const revenueSql = "CASE WHEN type IN ('refund', 'chargeback') THEN -amount_cents ELSE amount_cents END AS revenue_cents";

/**
 * What the statement adds to the rollups, one row each (`figures`, keyed like the rollup): an
 * attributed conversion under its click's dimensions; an orphaned one's revenue under its site with no
 * affiliate, offer or campaign; a referral commission under the referrer and day with no offer, site or
 * campaign (tracking/rollup.ts: `orphanedRevenue`, `ledgerCost`). Grouped and written in key order.
 */
const figuresSql = `
  SELECT affiliate_id, day, offer_id, click_site_id AS site_id, coalesce(campaign_id, 0) AS campaign_id, country, device, sub1, sub2, sub3, sub4, sub5, creative,
    type, is_new_customer, earning_cents, ${revenueSql}, 0::bigint AS commission_cents FROM accepted
  UNION ALL
  SELECT 0, day, 0, site_id, 0, '', '', '', '', '', '', '', '', '', 0, 0, ${revenueSql}, 0 FROM orphaned
  UNION ALL
  SELECT affiliate_id, day, 0, 0, 0, '', '', '', '', '', '', '', '', '', 0, 0, 0, amount_cents FROM commissioned`;
const figuresKey = {
  affiliate_id: 'affiliate_id',
  day: 'day',
  offer_id: 'offer_id',
  site_id: 'site_id',
  campaign_id: 'campaign_id',
  country: 'country',
  device: 'device',
  sub1: 'sub1',
  sub2: 'sub2',
  sub3: 'sub3',
  sub4: 'sub4',
  sub5: 'sub5',
  creative: 'creative',
};
const figuresCounters = {
  conversions: 'sum(is_new_customer)',
  signups: "count(*) FILTER (WHERE type = 'signup')",
  sales: "count(*) FILTER (WHERE type = 'sale')",
  rebills: "count(*) FILTER (WHERE type = 'rebill')",
  earningsCents: 'sum(earning_cents)',
  revenueCents: 'sum(revenue_cents)',
  commissionCents: 'sum(commission_cents)',
};

/**
 * The batch statement's conversion columns ($1..$35, one array each, in this order: batch.ts lays
 * the decision's values out so); then the postback deliveries ($36..$39), their expiry ($40), and
 * the ledger's earning rows from $41 (the ledger's `earningsParams`): positions follow the list.
 */
export const INPUT_COLUMNS = [
  ['id', 'int'],
  ['site_id', 'int'],
  ['transaction_id', 'varchar'],
  ['type', 'varchar'],
  ['amount_cents', 'bigint'],
  ['currency', 'char(3)'],
  ['cid', 'varchar'],
  ['clicked_at', 'timestamptz'],
  ['affiliate_id', 'int'],
  ['offer_id', 'int'],
  ['campaign_id', 'int'],
  ['status', 'varchar'],
  ['orphan_reason', 'varchar'],
  ['original_transaction_id', 'varchar'],
  ['day', 'date'],
  ['created_at', 'timestamptz'],
  ['earning_cents', 'bigint'],
  ['click_site_id', 'int'],
  ['country', 'varchar'],
  ['device', 'varchar'],
  ['sub1', 'varchar'],
  ['sub2', 'varchar'],
  ['sub3', 'varchar'],
  ['sub4', 'varchar'],
  ['sub5', 'varchar'],
  ['is_new_customer', 'int'],
  ['creative', 'varchar'],
  ['amount_minor', 'bigint'],
  ['usd_rate', 'numeric'],
  ['fraud_action', 'varchar'],
  ['fraud_reason', 'varchar'],
  ['biller_account_id', 'int'],
  ['biller_event', 'varchar'],
  ['shared_id', 'boolean'],
  ['visitor_hash', 'varchar'],
] as const;
const INPUT_PARAMS = INPUT_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
const INPUT_NAMES = INPUT_COLUMNS.map(([name]) => name).join(', ');
/** After the input's columns: the postback deliveries (four arrays), their expiry, then the ledger's earning rows. */
const DELIVERIES_FIRST = INPUT_COLUMNS.length + 1;
const EXPIRY = DELIVERIES_FIRST + 4;
export const EARNINGS_FIRST = EXPIRY + 1;

/**
 * One statement: the conversions (ids given; a (site, source, transaction_id) seen before is skipped), and
 * for those written and attributed, their earnings and referral commissions, both rollups (grouped, in
 * key order like the clicks; orphaned conversions add their site's revenue) and their pending postback
 * deliveries with one job each. Answers the ids written.
 */
export const writeBatch: Statement = {
  name: 'conversions_write_batch',
  text: `
WITH input AS (
  SELECT * FROM unnest(${INPUT_PARAMS})
    AS t(${INPUT_NAMES})
),
saved AS (
  INSERT INTO conversions (id, site_id, transaction_id, type, amount_cents, amount_minor, currency, usd_rate, cid, clicked_at, affiliate_id, offer_id, campaign_id,
    status, reason, original_transaction_id, day, created_at, fraud_action, fraud_reason, biller_account_id, biller_event, shared_id, visitor_hash)
  OVERRIDING SYSTEM VALUE
  SELECT id, site_id, transaction_id, type, amount_cents, amount_minor, currency, usd_rate, cid, clicked_at, affiliate_id, offer_id, campaign_id,
    status, orphan_reason, original_transaction_id, day, created_at, fraud_action, fraud_reason, biller_account_id, biller_event, shared_id, visitor_hash
  FROM input ORDER BY site_id, biller_account_id, transaction_id
  -- Either key: one source's transaction id, or (shared ids) the site's.
  ON CONFLICT DO NOTHING
  RETURNING id
),
accepted AS (
  SELECT input.* FROM input JOIN saved USING (id) WHERE input.status = 'accepted'
),
orphaned AS (
  SELECT input.* FROM input JOIN saved USING (id) WHERE input.status = 'orphaned'
),
${earningsSteps(EARNINGS_FIRST, 'saved')},
figures AS (${figuresSql}
),
${rollupUpsertsSql('figures', figuresKey, figuresCounters)},
delivered AS (
  INSERT INTO postback_deliveries (postback_id, affiliate_id, conversion_id, is_test, method, url, status)
  SELECT d.postback_id, a.affiliate_id, d.conversion_id, false, d.method, d.url, 'pending'
  FROM unnest($${DELIVERIES_FIRST}::int[], $${DELIVERIES_FIRST + 1}::int[], $${DELIVERIES_FIRST + 2}::varchar[], $${DELIVERIES_FIRST + 3}::varchar[]) WITH ORDINALITY AS d(conversion_id, postback_id, method, url, ord)
  JOIN accepted a ON a.id = d.conversion_id
  ORDER BY d.ord
  RETURNING id
),
queued AS (
  ${enqueueFromSql(POSTBACK_JOB, "jsonb_build_object('delivery_id', id)", `$${EXPIRY}::timestamptz`, 'delivered ORDER BY id')}
)
SELECT id FROM saved`,
};
