import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatementOn, type Statement } from '../../db/raw.ts';
import type { SubscriptionWrite } from '../conversions/index.ts';

/**
 * The billers module's verb that writes the subscription rows the conversions' decision answered
 * (handed to both conversion writers with each biller post naming a subscription): a first sale's
 * subscription, credited to its click, with the sale as its first event; an event of a known
 * subscription with its conversion's amount. Written on `q`, in the writer's transaction or right
 * after its statement; the event-log row links them afterwards (`biller_event_id`, receive.ts).
 * Two first sales of one subscription at once: the first makes it, the other adds no event.
 */
export async function writeSubscriptionRows(q: Db, rows: SubscriptionWrite[]): Promise<void> {
  const starts = rows
    .flatMap((r) => (r.kind === 'start' ? [r] : []))
    .sort((a, b) => a.accountId - b.accountId || (a.subscriptionId < b.subscriptionId ? -1 : a.subscriptionId > b.subscriptionId ? 1 : 0));
  const events = rows.flatMap((r) => (r.kind === 'event' ? [r] : []));
  if (!starts.length && !events.length) return;
  await runStatementOn(q, writeRows, [
    starts.map((s) => s.accountId),
    starts.map((s) => s.subscriptionId),
    starts.map((s) => s.siteId),
    starts.map((s) => s.cid),
    starts.map((s) => s.affiliateId),
    starts.map((s) => s.offerId),
    starts.map((s) => s.campaignId),
    starts.map((s) => s.conversionId),
    starts.map((s) => s.at.toISOString()),
    starts.map((s) => s.type),
    starts.map((s) => s.amountCents),
    events.map((e) => e.subscriptionRowId),
    events.map((e) => e.type),
    events.map((e) => e.conversionId),
    events.map((e) => e.amountCents),
    events.map((e) => e.at.toISOString()),
  ]);
}

/**
 * The rows of `writeSubscriptionRows`, one named statement: the first sales' subscriptions (in
 * account and subscription order; one already there is left as it is), each made one's first
 * event, and the events of known subscriptions.
 */
const writeRows: Statement = {
  name: 'billers_subscription_rows',
  text: `
WITH starts AS (
  SELECT * FROM unnest($1::int[], $2::varchar[], $3::int[], $4::varchar[], $5::int[], $6::int[], $7::int[], $8::int[], $9::timestamptz[], $10::varchar[], $11::bigint[])
    WITH ORDINALITY AS k(account_id, subscription_id, site_id, cid, affiliate_id, offer_id, campaign_id, conversion_id, at, type, amount_cents, ord)
),
made AS (
  INSERT INTO subscriptions (biller_account_id, subscription_id, site_id, cid, affiliate_id, offer_id, campaign_id, sale_conversion_id, started_at)
  SELECT account_id, subscription_id, site_id, cid, affiliate_id, offer_id, campaign_id, conversion_id, at FROM starts ORDER BY ord
  ON CONFLICT DO NOTHING
  RETURNING id, sale_conversion_id
)
INSERT INTO subscription_events (subscription_id, type, conversion_id, amount_cents, occurred_at)
SELECT m.id, s.type, s.conversion_id, s.amount_cents, s.at FROM made m JOIN starts s ON s.conversion_id = m.sale_conversion_id
UNION ALL
SELECT * FROM unnest($12::int[], $13::varchar[], $14::int[], $15::bigint[], $16::timestamptz[])
ON CONFLICT DO NOTHING`,
};

/** What links a subscription event to the event-log row of the post that made it: the account's subscription and the conversion. */
export interface SubscriptionLink {
  accountId: number;
  subscriptionId: string;
  conversionId: number;
}

/** The statement step (of the event-log statement) that links the subscription event its post made to the log row `eventId`. */
export const linkSubscriptionEvent = (link: SubscriptionLink, eventId: SQL): SQL =>
  sql`linked as (update subscription_events set biller_event_id = ${eventId}
    where subscription_id = (select id from subscriptions where biller_account_id = ${link.accountId} and subscription_id = ${link.subscriptionId})
      and conversion_id = ${link.conversionId} and biller_event_id is null)`;
