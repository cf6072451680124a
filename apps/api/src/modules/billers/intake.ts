import type { Db } from '../../db/client.ts';
import { pickPrefixed, runStatement, runStatementOn, selectColumns, type Statement } from '../../db/raw.ts';
import { billerAccounts, subscriptions } from '../../db/schema/index.ts';
import { Batcher, isDataError } from '../../lib/batcher.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { BillerAccountRow } from './accounts.ts';
import type { SubscriptionLink } from './subscription-rows.ts';

/**
 * The reads and the write of every biller post, each gathered across the posts arriving together
 * (a group commit, lib/batcher.ts) into one named statement: the account of the post's key, the
 * subscription its event names, and its event-log row. Nothing is cached: each post reads the
 * database after it arrives, so a deleted account or a rotated key stops answering at once on every
 * instance, as it did when each post read alone.
 */

/** A subscription as a post's event sees it, with its first sale's click id (staff may have attached it since). */
export type KnownSubscription = typeof subscriptions.$inferSelect & { saleCid: string | null };

const accountsByKey: Statement = {
  name: 'billers_accounts_by_key',
  text: `
SELECT k.ord, ${selectColumns(billerAccounts, 'a', true)}
FROM unnest($1::varchar[], $2::varchar[]) WITH ORDINALITY AS k(biller, key_hash, ord)
JOIN biller_accounts a ON a.account_key_hash = k.key_hash AND a.biller = k.biller AND a.deleted_at IS NULL`,
};

const subscriptionsOf: Statement = {
  name: 'billers_subscriptions_of',
  text: `
SELECT k.ord, ${selectColumns(subscriptions, 's', true)}, c.cid AS "s.saleCid"
FROM unnest($1::int[], $2::varchar[]) WITH ORDINALITY AS k(account_id, subscription_id, ord)
JOIN subscriptions s ON s.biller_account_id = k.account_id AND s.subscription_id = k.subscription_id
LEFT JOIN conversions c ON c.id = s.sale_conversion_id`,
};

/** `last_post_at` (the accounts' "last post") moves at most this often: every post would update one hot row. */
const LAST_POST_EVERY_MS = 60_000;

/**
 * The event-log rows of a batch of posts, their accounts' last post (at most once a minute), and the
 * subscription event each post's conversion made linked to its row: one statement. The ids are drawn
 * first (`input` is evaluated once), so each post learns its own row's id whatever order the rows go in.
 */
const logEvents: Statement = {
  name: 'billers_log_events',
  text: `
WITH input AS (
  SELECT nextval(pg_get_serial_sequence('biller_events', 'id')) AS id, k.*
  FROM unnest($1::timestamptz[], $2::varchar[], $3::int[], $4::int[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[],
    $10::varchar[], $11::varchar[], $12::int[], $13::text[], $14::text[], $15::text[], $16::varchar[], $17::boolean[], $18::boolean[],
    $19::int[], $20::varchar[], $21::int[])
    WITH ORDINALITY AS k(received_at, biller, biller_account_id, site_id, method, biller_event, event_type, transaction_id, subscription_id,
      status, reason, conversion_id, raw, dropped_fields, parsed, remote_address, account_active, address_allowed,
      link_account_id, link_subscription_id, link_conversion_id, ord)
),
logged AS (
  INSERT INTO biller_events (id, received_at, biller, biller_account_id, site_id, method, biller_event, event_type, transaction_id, subscription_id,
    status, reason, conversion_id, raw, dropped_fields, parsed, remote_address, account_active, address_allowed)
  OVERRIDING SYSTEM VALUE
  SELECT id, received_at, biller, biller_account_id, site_id, method, biller_event, event_type, transaction_id, subscription_id,
    status, reason, conversion_id, raw::jsonb, dropped_fields::jsonb, parsed::jsonb, remote_address, account_active, address_allowed
  FROM input
),
last_post AS (
  UPDATE biller_accounts a SET last_post_at = p.at
  FROM (SELECT biller_account_id, max(received_at) AS at FROM input WHERE biller_account_id IS NOT NULL GROUP BY biller_account_id) p
  WHERE a.id = p.biller_account_id AND (a.last_post_at IS NULL OR a.last_post_at < p.at - make_interval(secs => ${LAST_POST_EVERY_MS / 1000}))
),
linked AS (
  UPDATE subscription_events e SET biller_event_id = i.id
  FROM input i JOIN subscriptions s ON s.biller_account_id = i.link_account_id AND s.subscription_id = i.link_subscription_id
  WHERE i.link_account_id IS NOT NULL AND e.subscription_id = s.id AND e.conversion_id = i.link_conversion_id AND e.biller_event_id IS NULL
)
SELECT ord, id FROM input`,
};

/** One event-log row, as `logEvents` takes it (the post as stored, what it became, the subscription event to link). */
export interface EventRow {
  receivedAt: Date;
  biller: string;
  billerAccountId: number | null;
  siteId: number | null;
  method: string;
  billerEvent: string | null;
  eventType: string | null;
  transactionId: string | null;
  subscriptionId: string | null;
  status: string;
  reason: string | null;
  conversionId: number | null;
  raw: Record<string, string>;
  dropped: string[];
  parsed: unknown;
  remoteAddress: string;
  accountActive: boolean | null;
  addressAllowed: boolean | null;
  link?: SubscriptionLink;
}

const byOrdinal = <T>(rows: Array<{ ord: number | string } & T>, size: number): Array<T | undefined> => {
  const out = new Array<T | undefined>(size).fill(undefined);
  for (const row of rows) out[Number(row.ord) - 1] = row;
  return out;
};

/**
 * Writes event-log rows with `logEvents` on `q` (the database, or a transaction that writes more with
 * them); answers their ids, in order.
 */
export async function writeEventRows(q: Db, items: EventRow[]): Promise<number[]> {
  const col = <K extends keyof EventRow>(k: K) => items.map((i) => i[k]);
  const rows = await runStatementOn<{ ord: number | string; id: number | string }>(q, logEvents, [
    items.map((i) => i.receivedAt.toISOString()),
    col('biller'),
    col('billerAccountId'),
    col('siteId'),
    col('method'),
    col('billerEvent'),
    col('eventType'),
    col('transactionId'),
    col('subscriptionId'),
    col('status'),
    col('reason'),
    col('conversionId'),
    items.map((i) => JSON.stringify(i.raw)),
    items.map((i) => JSON.stringify(i.dropped)),
    items.map((i) => (i.parsed ? JSON.stringify(i.parsed) : null)),
    col('remoteAddress'),
    col('accountActive'),
    col('addressAllowed'),
    items.map((i) => i.link?.accountId ?? null),
    items.map((i) => i.link?.subscriptionId ?? null),
    items.map((i) => i.link?.conversionId ?? null),
  ]);
  return byOrdinal(rows, items.length).map((r) => Number(r!.id));
}

export class BillerIntake {
  private readonly accounts: Batcher<{ biller: string; keyHash: string }, BillerAccountRow | undefined>;
  private readonly subscriptions: Batcher<{ accountId: number; subscriptionId: string }, KnownSubscription | undefined>;
  private readonly log: Batcher<EventRow, number>;

  constructor(db: Db, maxInFlight: number) {
    this.accounts = new Batcher(
      async (items) => {
        const rows = await runStatement<Record<string, unknown> & { ord: number | string }>(db, accountsByKey, [items.map((i) => i.biller), items.map((i) => i.keyHash)]);
        return byOrdinal(rows, items.length).map((r) => (r ? pickPrefixed<BillerAccountRow>(r, 'a') : undefined));
      },
      { maxInFlight, maxBatch: 500 },
    );
    this.subscriptions = new Batcher(
      async (items) => {
        const rows = await runStatement<Record<string, unknown> & { ord: number | string }>(db, subscriptionsOf, [items.map((i) => i.accountId), items.map((i) => i.subscriptionId)]);
        return byOrdinal(rows, items.length).map((r) => (r ? pickPrefixed<KnownSubscription>(r, 's') : undefined));
      },
      { maxInFlight, maxBatch: 500 },
    );
    // A row the database refuses for its data (none is expected: every text is cut to its column) fails alone.
    this.log = new Batcher((items) => writeEventRows(db, items), {
      maxInFlight,
      maxBatch: 500,
      isItemError: isDataError,
    });
  }

  /** The live account of a biller's postback address (not deleted), by its key's hash. */
  account(biller: string, key: string): Promise<BillerAccountRow | undefined> {
    return this.accounts.submit({ biller, keyHash: sha256(key) });
  }

  /** The subscription an event of the account names, if the account has it. */
  subscription(accountId: number, subscriptionId: string): Promise<KnownSubscription | undefined> {
    return this.subscriptions.submit({ accountId, subscriptionId });
  }

  /** Writes a post's event-log row (with its account's last post and its subscription event's link); answers its id. */
  logEvent(row: EventRow): Promise<number> {
    return this.log.submit(row);
  }

  /** Statements run and posts in them, per kind (tests and benchmarks read them). */
  get stats(): Record<'accounts' | 'subscriptions' | 'log', { batches: number; items: number }> {
    return { accounts: { ...this.accounts.stats }, subscriptions: { ...this.subscriptions.stats }, log: { ...this.log.stats } };
  }

  /** Waits until every row handed in is written. */
  drain(): Promise<void> {
    return this.log.drain();
  }
}
