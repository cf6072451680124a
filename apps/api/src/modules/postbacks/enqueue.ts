import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatementOn, selectColumns, type Statement } from '../../db/raw.ts';
import { postbackDeliveries, postbacks } from '../../db/schema/index.ts';
import { enqueueMany } from '../jobs/index.ts';
import { buildPostbackUrl, type ConversionForPostback, macroValuesOf } from './build-url.ts';
import { POSTBACK_JOB, POSTBACK_RETRY_WINDOW_MS, type PostbackJobPayload } from './deliver.ts';

export type { ConversionForPostback } from './build-url.ts';

/**
 * Queues every postback of the conversion's affiliate that matches it (goal = its type or all;
 * global, or for its offer): one pending delivery and one job each. Call it with the transaction
 * that records the conversion, so both commit or neither does. Answers the delivery ids.
 */
export async function enqueuePostbacksForConversion(tx: Db, c: ConversionForPostback): Promise<number[]> {
  const candidates = await tx.select().from(postbacks).where(eq(postbacks.affiliateId, c.affiliateId)).orderBy(postbacks.id);
  const rows = deliveriesFor(candidates, c);
  if (rows.length === 0) return [];
  const inserted = await tx.insert(postbackDeliveries).values(rows).returning({ id: postbackDeliveries.id });
  const expiresAt = new Date(Date.now() + POSTBACK_RETRY_WINDOW_MS);
  await enqueueMany(
    tx,
    inserted.map((d) => ({ kind: POSTBACK_JOB, payload: { delivery_id: d.id } satisfies PostbackJobPayload, options: { expiresAt } })),
  );
  return inserted.map((d) => d.id);
}

export type PostbackRow = typeof postbacks.$inferSelect;
export type NewDelivery = { postbackId: number; affiliateId: number; conversionId: number; isTest: false; method: string; url: string; status: 'pending' };

/** The affiliate's postbacks (with `postbacks`, in id order) that fire for the conversion. */
export function deliveriesFor(affiliatePostbacks: readonly PostbackRow[], c: ConversionForPostback): NewDelivery[] {
  const matching = affiliatePostbacks.filter(
    (p) => p.affiliateId === c.affiliateId && (p.goal === c.type || p.goal === 'all') && (p.type === 'global' || (p.type === 'offer' && p.offerId === c.offerId)),
  );
  if (matching.length === 0) return [];
  const values = macroValuesOf(c);
  return matching.flatMap((p) => {
    try {
      return [{ postbackId: p.id, affiliateId: c.affiliateId, conversionId: c.conversionId, isTest: false as const, method: p.method, url: buildPostbackUrl(p.url, p, values), status: 'pending' as const }];
    } catch {
      // A url saved before today's rules that no longer parses: skipped rather than failing the conversion.
      return [];
    }
  });
}

const ofAffiliates: Statement = {
  name: 'postbacks_of_affiliates',
  text: `SELECT ${selectColumns(postbacks, 'p')} FROM postbacks p WHERE p.affiliate_id = ANY($1::int[]) ORDER BY p.id`,
};

/** Every postback of these affiliates, in id order: one read (a named statement) for a batch of conversions. */
export function postbacksOfAffiliates(db: Db, affiliateIds: number[]): Promise<PostbackRow[]> {
  if (!affiliateIds.length) return Promise.resolve([]);
  return runStatementOn<PostbackRow>(db, ofAffiliates, [affiliateIds]);
}

/** Pending deliveries of a deleted postback are not sent: marked failed, kept in the log. */
export async function abandonPendingDeliveries(tx: Db, affiliateId: number, postbackId: number): Promise<void> {
  await tx
    .update(postbackDeliveries)
    .set({ status: 'failed', lastError: 'The postback was deleted before delivery.' })
    .where(and(eq(postbackDeliveries.affiliateId, affiliateId), eq(postbackDeliveries.postbackId, postbackId), eq(postbackDeliveries.status, 'pending')));
}

