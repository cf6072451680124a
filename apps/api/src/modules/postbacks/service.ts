import { randomBytes } from 'node:crypto';
import {
  type DeliveryStatus,
  type Postback,
  type PostbackDelivery,
  type postbackInputSchema,
  postbackMessages,
  type PostbackMethod,
  type PostbackTestResult,
} from '@portal/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offers, postbackDeliveries, postbacks } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../../lib/safe-fetch.ts';
import { buildPostbackUrl, sampleMacroValues, splitForMethod } from './build-url.ts';
import { outcomeOf, sendPostback } from './deliver.ts';
import { abandonPendingDeliveries } from './enqueue.ts';

type Input = z.output<typeof postbackInputSchema>;
type Row = typeof postbacks.$inferSelect;
type DeliveryRow = typeof postbackDeliveries.$inferSelect;

function toPostback(r: Row): Postback {
  return {
    id: r.id,
    goal: r.goal as Postback['goal'],
    type: r.type as Postback['type'],
    offer_id: r.offerId,
    method: r.method as PostbackMethod,
    url: r.url,
    cid: r.cidParam,
    pid: r.pidParam,
    sub1: r.sub1Param,
    sub2: r.sub2Param,
    sub3: r.sub3Param,
    sub4: r.sub4Param,
    sub5: r.sub5Param,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function toDelivery(r: DeliveryRow): PostbackDelivery {
  return {
    id: r.id,
    postback_id: r.postbackId,
    conversion_id: r.conversionId,
    is_test: r.isTest,
    method: r.method as PostbackMethod,
    url: r.url,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    http_status: r.httpStatus,
    duration_ms: r.durationMs,
    response_snippet: r.responseSnippet,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
  };
}

/** Every query below names the owner: another affiliate's id simply matches nothing (404). */
const owned = (affiliateId: number, id: number) => and(eq(postbacks.id, id), eq(postbacks.affiliateId, affiliateId));

export async function listPostbacks(db: Db, affiliateId: number, q: { page: number; per_page: number }): Promise<{ items: Postback[]; total: number }> {
  const rows = await db
    .select()
    .from(postbacks)
    .where(eq(postbacks.affiliateId, affiliateId))
    .orderBy(desc(postbacks.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(postbacks).where(eq(postbacks.affiliateId, affiliateId));
  return { items: rows.map(toPostback), total: total?.n ?? 0 };
}

export async function getPostback(db: Db, affiliateId: number, id: number): Promise<Postback> {
  const [row] = await db.select().from(postbacks).where(owned(affiliateId, id));
  if (!row) throw new NotFoundError(postbackMessages.notFound);
  return toPostback(row);
}

/**
 * What the schema cannot know: the offer exists, and the host does not resolve to a private
 * address now. A name that does not resolve at all is accepted; every send checks again.
 */
async function checkInput(db: Db, policy: OutboundPolicy, input: Input): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.offer_id !== null) {
    const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, input.offer_id));
    if (!offer) errors.offer_id = [postbackMessages.unknownOffer];
  }
  const check = await checkOutboundUrl(new URL(input.url), { ...policy, lookupTimeoutMs: 3000 });
  if (!check.ok && check.reason === 'refused') errors.url = [postbackMessages.privateUrl];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

const columns = (input: Input) => ({
  goal: input.goal,
  type: input.type,
  offerId: input.offer_id,
  method: input.method,
  url: input.url,
  cidParam: input.cid,
  pidParam: input.pid,
  sub1Param: input.sub1,
  sub2Param: input.sub2,
  sub3Param: input.sub3,
  sub4Param: input.sub4,
  sub5Param: input.sub5,
});

export async function createPostback(db: Db, policy: OutboundPolicy, affiliateId: number, input: Input): Promise<Postback> {
  await checkInput(db, policy, input);
  const [row] = await db.insert(postbacks).values({ affiliateId, ...columns(input) }).returning();
  return toPostback(row!);
}

export async function updatePostback(db: Db, policy: OutboundPolicy, affiliateId: number, id: number, input: Input): Promise<Postback> {
  await getPostback(db, affiliateId, id);
  await checkInput(db, policy, input);
  const [row] = await db
    .update(postbacks)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(owned(affiliateId, id))
    .returning();
  if (!row) throw new NotFoundError(postbackMessages.notFound);
  return toPostback(row);
}

export async function deletePostback(db: Db, affiliateId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Before the delete: the foreign key then clears postback_id on the deliveries, kept in the log.
    await abandonPendingDeliveries(tx, affiliateId, id);
    const [row] = await tx.delete(postbacks).where(owned(affiliateId, id)).returning({ id: postbacks.id });
    // Another affiliate's id: nothing deleted, and the rollback undoes nothing of theirs either.
    if (!row) throw new NotFoundError(postbackMessages.notFound);
  });
}

export async function listDeliveries(
  db: Db,
  affiliateId: number,
  q: { postback_id?: number | undefined; status?: DeliveryStatus | undefined; page: number; per_page: number },
): Promise<{ items: PostbackDelivery[]; total: number }> {
  if (q.postback_id !== undefined) await getPostback(db, affiliateId, q.postback_id);
  const where = and(
    eq(postbackDeliveries.affiliateId, affiliateId),
    q.postback_id !== undefined ? eq(postbackDeliveries.postbackId, q.postback_id) : undefined,
    q.status ? eq(postbackDeliveries.status, q.status) : undefined,
  );
  const rows = await db
    .select()
    .from(postbackDeliveries)
    .where(where)
    .orderBy(desc(postbackDeliveries.createdAt), desc(postbackDeliveries.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(postbackDeliveries).where(where);
  return { items: rows.map(toDelivery), total: total?.n ?? 0 };
}

/** "Send test": fires the postback once now with sample values, logs it, and answers what happened. */
export async function sendTest(db: Db, policy: OutboundPolicy, affiliateId: number, id: number): Promise<PostbackTestResult> {
  const [p] = await db.select().from(postbacks).where(owned(affiliateId, id));
  if (!p) throw new NotFoundError(postbackMessages.notFound);
  const method = p.method as PostbackMethod;
  const values = sampleMacroValues(p.offerId, affiliateId, p.goal, new Date(), randomBytes(4).toString('hex'));
  const url = buildPostbackUrl(p.url, p, values);
  const result = await sendPostback(method, url, policy);
  const o = outcomeOf(result);
  const status: DeliveryStatus = o.status === 'retry' ? 'failed' : o.status;
  const [delivery] = await db
    .insert(postbackDeliveries)
    .values({
      postbackId: p.id,
      affiliateId,
      isTest: true,
      method,
      url,
      status,
      attempts: 1,
      httpStatus: o.httpStatus,
      durationMs: result.durationMs,
      responseSnippet: o.snippet,
      lastError: o.error?.slice(0, 512) ?? null,
      lastAttemptAt: new Date(),
    })
    .returning({ id: postbackDeliveries.id });
  const { target, body } = splitForMethod(method, url);
  return {
    delivery_id: delivery!.id,
    status,
    request: { method, url: target, body },
    response: result.outcome === 'response' ? { status: result.status, duration_ms: result.durationMs, body: result.snippet } : null,
    error: o.error,
  };
}
