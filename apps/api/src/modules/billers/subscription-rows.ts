import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionEvents, subscriptions } from '../../db/schema/index.ts';
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
  const events: Array<typeof subscriptionEvents.$inferInsert> = rows.flatMap((r) =>
    r.kind === 'event' ? [{ subscriptionId: r.subscriptionRowId, type: r.type, conversionId: r.conversionId, amountCents: r.amountCents, occurredAt: r.at }] : [],
  );
  if (starts.length) {
    const made = await q
      .insert(subscriptions)
      .values(
        starts.map((s) => ({
          billerAccountId: s.accountId,
          subscriptionId: s.subscriptionId,
          siteId: s.siteId,
          cid: s.cid,
          affiliateId: s.affiliateId,
          offerId: s.offerId,
          campaignId: s.campaignId,
          saleConversionId: s.conversionId,
          startedAt: s.at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: subscriptions.id, saleConversionId: subscriptions.saleConversionId });
    const byConversion = new Map(made.map((m) => [m.saleConversionId, m.id]));
    for (const s of starts) {
      const id = byConversion.get(s.conversionId);
      if (id !== undefined) events.push({ subscriptionId: id, type: s.type, conversionId: s.conversionId, amountCents: s.amountCents, occurredAt: s.at });
    }
  }
  if (events.length) await q.insert(subscriptionEvents).values(events).onConflictDoNothing();
}

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
